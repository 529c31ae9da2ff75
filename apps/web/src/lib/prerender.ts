import type { Envelope } from '@oj/shared';
import type { Problem } from './contract';

/**
 * The server's first paint of a problem page (apps/server/src/modules/sites/problem-page.ts): a
 * layer over the page with the statement and a plain text box, and a JSON data block with the
 * statement's HTML and the detail answer. The page starts from that data (no second request, no
 * wait for the markdown renderer), removes the layer once it shows the same statement, and its
 * editor takes over the code typed into the layer meanwhile.
 */
interface FirstPaintData {
  /** What the page would render (math typeset, code coloured): no renderer needed. */
  html: string;
  answer: Envelope<Problem>;
}

let data: FirstPaintData | null | undefined;

/** The data block of this page load, or null (any other route, or a page the server sent plain). */
function firstPaint(): FirstPaintData | null {
  if (data !== undefined) return data;
  data = null;
  const text = document.getElementById('oj-prerender-data')?.textContent;
  if (text) {
    try {
      data = JSON.parse(text) as FirstPaintData;
    } catch {
      data = null;
    }
  }
  return data;
}

/** The problem the page was sent with (as the detail API answered it for this viewer), or null. */
export function firstPaintProblem(): Problem | null {
  const d = firstPaint();
  return d && d.answer.code === 0 ? d.answer.data : null;
}

/** Markdown the server rendered into the page for itself (/markdown's welcome document), or null. */
let sentMarkdown: { text: string; html: string } | null | undefined;
function markdownSent(): { text: string; html: string } | null {
  if (sentMarkdown !== undefined) return sentMarkdown;
  sentMarkdown = null;
  const text = document.getElementById('oj-prerender-markdown')?.textContent;
  if (text) {
    try {
      sentMarkdown = JSON.parse(text) as { text: string; html: string };
    } catch {
      sentMarkdown = null;
    }
  }
  return sentMarkdown;
}

/**
 * The server's HTML of a markdown `text`, when the page was sent with it: a problem page's
 * statement, or the markdown tool's welcome document.
 */
export function firstPaintHtml(text: string): string | null {
  const d = firstPaint();
  if (d && d.answer.data?.description === text) return d.html;
  const sent = markdownSent();
  return sent?.text === text ? sent.html : null;
}

/** Code typed into the layer's text box, once the layer is gone: by problem id. */
let typed: { problemId: number; code: string } | null = null;
const waiting = new Map<number, (code: string) => void>();

/**
 * Removes the layer (the page shows the statement itself now, or it is another page). Code typed
 * into the layer goes to the editor of its problem (`onTypedCode`).
 */
export function dismissFirstPaint(): void {
  const layer = document.getElementById('oj-prerender');
  if (!layer) return;
  const box = document.getElementById('oj-prerender-code') as HTMLTextAreaElement | null;
  const problemId = firstPaintProblem()?.problem_id;
  layer.remove();
  if (box && box.value.trim() && problemId !== undefined) {
    typed = { problemId, code: box.value };
    waiting.get(problemId)?.(box.value);
  }
}

/**
 * Calls `take` with the code typed into the layer for this problem (now or when the layer goes);
 * the code is handed over once. Returns the unsubscription.
 */
export function onTypedCode(problemId: number, take: (code: string) => void): () => void {
  if (typed?.problemId === problemId) {
    const { code } = typed;
    typed = null;
    take(code);
    return () => undefined;
  }
  const once = (code: string) => {
    typed = null;
    waiting.delete(problemId);
    take(code);
  };
  waiting.set(problemId, once);
  return () => {
    if (waiting.get(problemId) === once) waiting.delete(problemId);
  };
}
