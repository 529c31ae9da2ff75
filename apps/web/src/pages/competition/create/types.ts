/** Contest types of the contract (COMPETITION_TYPES), as plain numbers for the page chunks. */
export const COMPETITION_TYPES_VALUES = { programming: 1, math: 2, exam408: 3 } as const;
export const COMPETITION_TYPE_NAMES: Record<number, string> = { 1: '程序设计', 2: '数学', 3: '408' };
