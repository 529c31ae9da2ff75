import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../lib/notify';

/** The id of an edit page's address (`/…/:param/edit`); 0 on its `/…/new` page. */
export function useEditId(param: string): number {
  const value = useParams()[param];
  return value ? Number(value) : 0;
}

interface EditPageOptions<Item, Values> {
  /** From useEditId: 0 makes a new item. */
  id: number;
  form: FormInstance<Values>;
  /** The stored item once read (its query hook's data; nothing for a new one). */
  stored: Item | undefined;
  toValues: (item: Item) => Values;
  modify: (values: Values) => Promise<unknown>;
  /** Answers the new item's id. */
  create: (values: Values) => Promise<number>;
  /** After a change: the management views of the item are read again. */
  refresh: () => Promise<unknown>;
  /** What the toast says once the item is saved. */
  saved: string;
  /** What the toast says once an item is created, and its edit address (the page moves there). */
  created: (id: number) => { message: string; path: string };
}

/**
 * The load / fill / save cycle of a management edit page (`/…/new` and `/…/:id/edit`): the stored
 * item fills the form once read; saving modifies it and reads the management views
 * again, or creates it and moves to its edit address. Failures are toasted by the client.
 */
export function useEditPage<Item, Values>(options: EditPageOptions<Item, Values>) {
  const { id, form, stored } = options;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (stored) form.setFieldsValue(latest.current.toValues(stored) as Parameters<typeof form.setFieldsValue>[0]);
  }, [stored, form]);

  const save = async (values: Values) => {
    const o = latest.current;
    setSaving(true);
    try {
      if (id) {
        await o.modify(values);
        notify.success(o.saved);
        await o.refresh();
      } else {
        const { message, path } = o.created(await o.create(values));
        notify.success(message);
        navigate(path, { replace: true });
      }
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };
  return { saving, save: (values: Values) => void save(values) };
}
