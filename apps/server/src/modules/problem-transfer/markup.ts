import type TurndownService from 'turndown';
import type { SampleCase } from '@oj/shared';
import { turndownLib } from './libs';
import { boundedText, checkHtml } from './limits';

/**
 * Statement text between formats. Our statements are markdown (no raw HTML is rendered); FPS,
 * QDUOJ and Polygon carry HTML, which becomes markdown here (scripts and styles dropped: user
 * text never runs). Our own exports wrap markdown in `<div class="md">` (HUSTOJ renders such a
 * block as markdown), which comes back verbatim.
 */
let converter: TurndownService | undefined;
function turndown(): TurndownService {
  if (converter) return converter;
  const made = new (turndownLib())({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  made.remove(['script', 'style', 'iframe', 'object', 'embed', 'form']);
  // Statements are full of $a_1$ and 2*3: markdown escapes would break the formulas.
  made.escape = (s: string) => s;
  made.addRule('pre', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName !== 'CODE',
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
  });
  return (converter = made);
}

const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;
const MD_WRAP = /^\s*<div class="md">([\s\S]*)<\/div>\s*$/;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
export const encodeEntities = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** HTML as markdown; `what` names the text in a refusal (size, nesting: limits.ts). */
export function htmlToMarkdown(html: string, what = '题面'): string {
  checkHtml(html, what);
  return turndown().turndown(html).trim();
}

/** A statement field of another judge as markdown: our markdown wrapper, HTML, or plain text. */
export function fieldToMarkdown(text: string | undefined, what = '题面'): string {
  if (!text) return '';
  boundedText(text, what);
  const wrapped = MD_WRAP.exec(text);
  if (wrapped && !/<div/i.test(wrapped[1])) return decodeEntities(wrapped[1]);
  return HTML_TAG.test(text) ? htmlToMarkdown(text, what) : text.trim();
}

/** Our markdown in an FPS / HUSTOJ field. */
export const markdownField = (md: string) => `<div class="md">${encodeEntities(md)}</div>`;

export const SECTIONS = { input: '输入格式', output: '输出格式', hint: '说明/提示' } as const;
export interface StatementParts {
  description: string;
  input: string;
  output: string;
  hint: string;
}

/** One markdown statement from the parts other judges keep apart. */
export function composeStatement(p: StatementParts): string {
  const out = [p.description];
  for (const key of ['input', 'output', 'hint'] as const) {
    if (p[key]) out.push(`## ${SECTIONS[key]}\n\n${p[key]}`);
  }
  return out.filter(Boolean).join('\n\n');
}

/** The parts again when the statement has the shape `composeStatement` writes; else all in description. */
export function splitStatement(md: string): StatementParts {
  const whole = { description: md, input: '', output: '', hint: '' };
  const re = new RegExp(`\\n\\n## (${Object.values(SECTIONS).join('|').replace('/', '\\/')})\\n\\n`, 'g');
  const cuts = [...md.matchAll(re)];
  if (!cuts.length) return whole;
  const parts: StatementParts = { description: md.slice(0, cuts[0].index), input: '', output: '', hint: '' };
  cuts.forEach((m, i) => {
    const key = (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).find((k) => SECTIONS[k] === m[1])!;
    const end = i + 1 < cuts.length ? cuts[i + 1].index : md.length;
    parts[key] = md.slice(m.index + m[0].length, end);
  });
  return composeStatement(parts) === md ? parts : whole;
}

/** Sample text as we keep it: LF line ends, ending with one newline. */
export const sampleText = (s: string) => {
  const t = s.replace(/\r\n?/g, '\n');
  return t === '' || t.endsWith('\n') ? t : `${t}\n`;
};

const SAMPLE_BLOCK = /(?:\n\n|\n|^)```(input|output)(\d+)[^\S\n]*\n([\s\S]*?\n)??```[^\S\n]*(?=\n|$)/g;
const SAMPLE_HEADING = /(?:\n\n|\n|^)#{1,6}[^\S\n]*(?:样例|输入样例|输出样例|sample|example)[^\n]*\n*$/i;

/**
 * HydroOJ keeps samples in the statement as ```inputN / ```outputN blocks: they become samples and
 * leave the text (with a sample heading left empty by them).
 */
export function extractSampleBlocks(md: string): { text: string; samples: SampleCase[] } {
  const inputs = new Map<number, string>();
  const outputs = new Map<number, string>();
  let text = '';
  let last = 0;
  for (const m of md.matchAll(SAMPLE_BLOCK)) {
    text += md.slice(last, m.index);
    text = text.replace(SAMPLE_HEADING, '');
    last = m.index + m[0].length;
    (m[1] === 'input' ? inputs : outputs).set(Number(m[2]), m[3] ?? '');
  }
  text += md.slice(last);
  const numbers = [...new Set([...inputs.keys(), ...outputs.keys()])].sort((a, b) => a - b);
  const samples = numbers.map((n) => ({ input: inputs.get(n) ?? '', output: outputs.get(n) ?? '' }));
  return { text: samples.length ? text : md, samples };
}

/** Samples as HydroOJ writes them, after the statement. */
export function appendSampleBlocks(md: string, samples: SampleCase[]): string {
  const fence = (kind: string, i: number, s: string) =>
    `\`\`\`${kind}${i + 1}\n${s === '' || s.endsWith('\n') ? s : `${s}\n`}\`\`\``;
  const blocks = samples.flatMap((s, i) => [fence('input', i, s.input), fence('output', i, s.output)]);
  return [md, ...blocks].join('\n\n');
}
