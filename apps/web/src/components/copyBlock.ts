import type { MouseEvent } from 'react';
import { notify } from '../lib/notify';

/** A click on a code block's 复制 button (markdown.ts adds one to every block) copies that block's text. */
export function onCopyClick(e: MouseEvent<HTMLDivElement>) {
  const button = (e.target as HTMLElement).closest('.oj-copy');
  const text = button?.parentElement?.querySelector('pre')?.textContent;
  if (text === undefined || text === null) return;
  navigator.clipboard.writeText(text).then(
    () => notify.success('已复制'),
    () => notify.error('复制失败，请手动选择文本复制'),
  );
}
