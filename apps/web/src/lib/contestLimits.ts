/**
 * The contract's limits (packages/shared/src/api/competitions.ts) the forms check before sending.
 * Mirrored as plain numbers: importing the contract module would put zod into the page chunk.
 */
export const COMPETITION_LIMIT_VALUES = {
  nameMax: 100,
  passwordMax: 64,
  problemsMax: 26,
  displayNameMax: 50,
  problemTitleMax: 100,
  durationMaxMs: 30 * 24 * 3600_000,
} as const;
