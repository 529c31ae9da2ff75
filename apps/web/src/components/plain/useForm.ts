import { useState, type FormEvent } from 'react';
import { firstBroken, type FieldRule } from './formRules';

export type FormRules<K extends string> = Partial<Record<K, readonly FieldRule[]>>;

/**
 * The state of a plain form: its text fields' values and their messages. A field is checked as it
 * changes (as antd's Form does), and every field on submit; a field whose rule names another
 * (`sameAs`) is checked again when that one changes.
 */
export function useForm<K extends string>(
  formId: string,
  names: readonly K[],
  rules: FormRules<K>,
  initial: Partial<Record<K, string>> = {},
) {
  const blank = () => Object.fromEntries(names.map((n) => [n, initial[n] ?? ''])) as Record<K, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const check = (name: K, all: Record<K, string>) =>
    firstBroken(all[name], rules[name] ?? [], all) ?? undefined;

  const setValue = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    const followers = names.filter(
      (n) => n !== name && next[n] !== '' && rules[n]?.some((r) => r.sameAs === name),
    );
    setErrors((e) => {
      const out: Partial<Record<K, string>> = { ...e };
      for (const f of [name, ...followers]) out[f] = check(f, next);
      return out;
    });
  };

  /** Checks the given fields (all by default), shows their messages; answers the values when all pass. */
  const validate = (only: readonly K[] = names): Record<K, string> | null => {
    const found: Partial<Record<K, string>> = {};
    for (const n of only) found[n] = check(n, values);
    setErrors((e) => ({ ...e, ...found }));
    return only.some((n) => found[n] !== undefined) ? null : values;
  };

  /** Back to the first values, or to the given ones (a saved form shows what the server kept). */
  const reset = (to?: Record<K, string>) => {
    setValues(to ?? blank());
    setErrors({});
  };

  /** The props of a field's input: id (the label's target), name, value and change handler. */
  const input = (name: K) => ({
    id: `${formId}_${name}`,
    name,
    value: values[name],
    invalid: errors[name] !== undefined,
    onChange: (e: { target: { value: string } }) => setValue(name, e.target.value),
  });

  /** The props of a field's FormItem: its label's target, whether it is required, and its message. */
  const item = (name: K) => ({
    htmlFor: `${formId}_${name}`,
    required: rules[name]?.some((r) => r.required) ?? false,
    error: errors[name],
  });

  return { id: formId, values, setValue, validate, reset, input, item };
}

export type PlainForm<K extends string> = ReturnType<typeof useForm<K>>;

/**
 * The submit handler of a plain form: checks every field, then runs `fn` with the button's loading
 * state; failures were already toasted by the API client.
 */
export function useFormSubmit<K extends string>(
  form: PlainForm<K>,
  fn: (values: Record<K, string>) => Promise<void>,
) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (!values || busy) return;
    setBusy(true);
    try {
      await fn(values);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit };
}
