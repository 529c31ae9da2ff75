/**
 * Field rules for the plain forms (components/plain/Form.tsx). The shape is the part of antd's Form
 * rules these forms use, so one list serves an antd Form too (the management site's): `required`,
 * `pattern`, `min`/`max` (length), `type: 'email' | 'url'`, each with its message. `sameAs` (the other
 * field must hold the same text, a password's confirmation) and `problem` are ours; antd's forms use
 * a validator for them.
 */
export interface FieldRule {
  required?: boolean;
  pattern?: RegExp;
  min?: number;
  max?: number;
  type?: 'email' | 'url';
  sameAs?: string;
  /** What is wrong with the text, if anything; the message is then `message` (the field's name) and it. */
  problem?: (value: string) => string | null;
  message: string;
}

// antd's (async-validator's) email test, in words: a local part, @, and a dotted domain.
const EMAIL = /^[^\s@"]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A full web address with a scheme and a host (what async-validator's `url` type accepts, in short). */
function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^(https?|ftp):$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The message of the first rule `value` breaks, or null. An empty optional value breaks none. */
export function firstBroken(value: string, rules: readonly FieldRule[], values: Record<string, string> = {}) {
  for (const rule of rules) {
    if (rule.required && value.trim() === '') return rule.message;
    if (value === '') continue;
    if (rule.pattern && !rule.pattern.test(value)) return rule.message;
    if (rule.min !== undefined && value.length < rule.min) return rule.message;
    if (rule.max !== undefined && value.length > rule.max) return rule.message;
    if (rule.type === 'email' && !EMAIL.test(value)) return rule.message;
    if (rule.type === 'url' && !isUrl(value)) return rule.message;
    if (rule.sameAs !== undefined && value !== (values[rule.sameAs] ?? '')) return rule.message;
    const problem = rule.problem?.(value);
    if (problem) return `${rule.message}${problem}`;
  }
  return null;
}
