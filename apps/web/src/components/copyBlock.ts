import type { MouseEvent } from 'react';
import { notify } from '../lib/notify';

/** Copies `text`, saying whether it worked (samples' and code blocks' 复制 buttons); true when it did. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('已复制');
    return true;
  } catch {
    notify.error('复制失败，请手动选择文本复制');
    return false;
  }
}

/** A click on a code block's 复制 button (markdown.ts adds one to every block) copies that block's text. */
export function onCopyClick(e: MouseEvent<HTMLDivElement>) {
  const button = (e.target as HTMLElement).closest('.oj-copy');
  const text = button?.parentElement?.querySelector('pre')?.textContent;
  if (text === undefined || text === null) return;
  void copyText(text);
}
