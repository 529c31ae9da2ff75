import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { LANGUAGE_FACTOR_MAX, LANGUAGE_FACTOR_MIN } from './language-rules';

/**
 * Languages on this install (issue 25): which are installed and enabled, how to install the
 * missing ones, and the per-language time and memory factors an administrator sets.
 */

/** `GET /api/admin/languages`: every language the judge knows, as this install has it. */
export const LanguageStatus = z.object({
  name: z.enum(LANGUAGES),
  /** One of the six languages `npm start` always installs and enables. */
  base: z.boolean(),
  /** Its toolchain is on this machine. */
  installed: z.boolean(),
  /** Enabled: one of the six, or named in `OJ_LANGUAGES`. */
  enabled: z.boolean(),
  /** Offered to users: enabled and installed. */
  available: z.boolean(),
  /** The toolchain's version line ('' when not installed). */
  version: z.string(),
  /** Its Debian packages, and the command that installs them (`npm start` runs it as root once enabled). */
  packages: z.array(z.string()),
  install_command: z.string(),
  time_factor: z.number(),
  memory_factor: z.number(),
});
export type LanguageStatus = z.infer<typeof LanguageStatus>;
export const LanguageStatusList = z.object({
  languages: z.array(LanguageStatus),
  /** `OJ_LANGUAGES` as the server read it, and the names in it it did not know. */
  setting: z.string(),
  unknown: z.array(z.string()),
});
export type LanguageStatusList = z.infer<typeof LanguageStatusList>;

const factor = (what: string) =>
  z
    .number({ error: `${what}必须是数字` })
    .min(LANGUAGE_FACTOR_MIN, `${what}不能小于 ${LANGUAGE_FACTOR_MIN}`)
    .max(LANGUAGE_FACTOR_MAX, `${what}不能超过 ${LANGUAGE_FACTOR_MAX}`);

/** `POST /api/admin/languages/factors`: a language's time and memory factors (1 = the problem's limits). */
export const LanguageFactorsInput = z.object({
  language: z.enum(LANGUAGES, { error: `语言必须是 ${LANGUAGES.join('、')} 之一` }),
  time_factor: factor('时间倍率'),
  memory_factor: factor('内存倍率'),
});
export type LanguageFactorsInput = z.infer<typeof LanguageFactorsInput>;
