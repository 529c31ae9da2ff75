/** One palette for every picture: what a colour means is the same in each animation. */
export const C = {
  idle: '#e6f4ff',
  idleStroke: '#1677ff',
  compare: '#ffe58f',
  compareStroke: '#d48806',
  swap: '#ffccc7',
  swapStroke: '#cf1322',
  write: '#efdbff',
  writeStroke: '#722ed1',
  done: '#d9f7be',
  doneStroke: '#389e0d',
  range: '#f5f5f5',
  text: '#1f1f1f',
  muted: '#8c8c8c',
  edge: '#bfbfbf',
};

export type Tone = 'idle' | 'compare' | 'swap' | 'write' | 'done';

export const fill = (t: Tone) => (t === 'idle' ? C.idle : C[t]);
export const stroke = (t: Tone) => C[`${t}Stroke` as const];
