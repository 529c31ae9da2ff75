import { z } from 'zod';
import type { Language } from './enums';
import {
  LANGUAGE_STANDARDS,
  languageOptionsProblem,
  type LanguageOptions as Options,
  standardLabel,
  STANDARDS_OF,
} from './api/language-rules';

export * from './api/language-rules';

/** The C / C++ options of a request or a judge job (api/language-rules.ts says what they mean). */
export const LanguageOptions = z.strictObject(
  {
    std: z
      .enum(LANGUAGE_STANDARDS, {
        error: `语言标准必须是 ${LANGUAGE_STANDARDS.map(standardLabel).join('、')} 之一`,
      })
      .optional(),
    o2: z.boolean({ error: 'O2 优化必须是 true 或 false' }).optional(),
  },
  { error: '编译选项只能包含语言标准和 O2 优化' },
);
export type LanguageOptions = Options;

/**
 * A zod refinement for request bodies holding `language` and `options`: the issue lands on
 * `options.std` (语言标准), or on `options` when the language takes none.
 */
export function refineLanguageOptions(
  body: { language: Language; options?: LanguageOptions | null },
  ctx: z.RefinementCtx,
): void {
  const problem = languageOptionsProblem(body.language, body.options);
  if (!problem) return;
  const path = STANDARDS_OF[body.language] ? ['options', 'std'] : ['options'];
  ctx.addIssue({ code: 'custom', message: problem, path });
}
