import type { FormRule } from 'antd';
import { nameTextProblem } from './contract';

/**
 * Form rule for names and titles: the server's own rules (text-rules.ts in packages/shared), so a
 * nickname or title made of zero-width characters or holding a bidi override is refused on the spot.
 */
export const nameRule = (label: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const problem = typeof value === 'string' ? nameTextProblem(value) : null;
    if (problem) throw new Error(`${label}${problem}`);
  },
});
