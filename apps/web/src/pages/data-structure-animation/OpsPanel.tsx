import { Fragment, useState, type ReactNode } from 'react';
import { LabelledInput, TextInput, onPressEnter } from '../../components/plain/Form';
import Button from '../../components/plain/Button';
import { notify } from '../../lib/notify';
import { Player } from './Player';
import { lastState, parseNumbers, type Run } from './algorithms/types';

export type ParamKey = 'x' | 'k' | 'a' | 'b' | 'list';
export interface Params {
  x: number;
  k: number;
  a: number;
  b: number;
  list: number[];
}

const PARAM_LABELS: Record<ParamKey, string> = {
  x: '数值',
  k: '位置',
  a: '元素 a',
  b: '元素 b',
  list: '一组数',
};

/** An operation on the structure: which inputs it reads, and its run (or what is wrong with the input). */
export interface Op<S> {
  label: string;
  params: ParamKey[];
  apply: (s: S, p: Params) => Run<S> | string;
  primary?: boolean;
}

/** A still picture of a state (before any operation): one frame, no pseudo code. */
export const still = <S,>(state: S, message: string): Run<S> => ({
  title: '当前状态',
  pseudo: [],
  frames: [{ state, line: -1, message }],
});

/**
 * A structure the user operates on (stack, queue, list, BST, heap, union-find): each operation runs
 * from the current state, its frames play, and its last frame becomes the new current state.
 */
export function OpsPanel<S>({
  initial,
  ops,
  reset,
  view,
  hint,
  defaults,
}: {
  initial: () => Run<S>;
  ops: Op<S>[];
  reset: { label: string; make: () => Run<S> }[];
  view: (s: S) => ReactNode;
  hint: string;
  defaults?: Partial<Record<ParamKey, string>>;
}) {
  const [run, setRun] = useState<Run<S>>(initial);
  const [text, setText] = useState<Record<ParamKey, string>>({
    x: '',
    k: '0',
    a: '0',
    b: '1',
    list: '',
    ...defaults,
  });

  const perform = (op: Op<S>) => {
    const p: Params = { x: 0, k: 0, a: 0, b: 0, list: [] };
    for (const key of op.params) {
      if (key === 'list') {
        const list = parseNumbers(text.list, { max: 31 });
        if (typeof list === 'string') return notify.warning(`${PARAM_LABELS.list}：${list}`);
        p.list = list;
        continue;
      }
      const raw = text[key].trim();
      if (!/^-?\d+$/.test(raw)) return notify.warning(`请输入${PARAM_LABELS[key]}（整数）`);
      const n = Number(raw);
      if (Math.abs(n) > 9999) return notify.warning(`${PARAM_LABELS[key]}应在 -9999 到 9999 之间`);
      p[key] = n;
    }
    const next = op.apply(lastState(run), p);
    if (typeof next === 'string') return notify.warning(next);
    setRun(next);
  };

  // Each input stands just before the first operation that reads it.
  const input = (key: ParamKey, op: Op<S>) =>
    key === 'list' ? (
      <span key={key} className="oj-dsa-list-input">
        <TextInput
          value={text.list}
          onChange={(e) => setText({ ...text, list: e.target.value })}
          onKeyDown={onPressEnter(() => perform(op))}
          placeholder="一组数，如 5 3 8 1"
          aria-label={PARAM_LABELS.list}
          data-testid="param-list"
        />
      </span>
    ) : (
      <LabelledInput
        key={key}
        type="number"
        className="oj-dsa-number"
        label={PARAM_LABELS[key]}
        value={text[key]}
        onChange={(e) => setText({ ...text, [key]: e.target.value })}
        placeholder={PARAM_LABELS[key]}
        onKeyDown={onPressEnter(() => perform(op))}
        data-testid={`param-${key}`}
      />
    );

  return (
    <div>
      <div className="oj-dsa-inputs">
        <div className="oj-wrap-row">
          {ops.map((op, i) => (
            <Fragment key={op.label}>
              {op.params
                .filter((key) => !ops.slice(0, i).some((o) => o.params.includes(key)))
                .map((key) => input(key, op))}
              <Button
                type={op.primary ? 'primary' : 'default'}
                onClick={() => perform(op)}
                data-testid={`op-${op.label}`}
              >
                {op.label}
              </Button>
            </Fragment>
          ))}
          {reset.map((r) => (
            <Button key={r.label} onClick={() => setRun(r.make())} data-testid={`reset-${r.label}`}>
              {r.label}
            </Button>
          ))}
        </div>
        <div className="oj-dsa-hint">{hint}</div>
      </div>
      <Player run={run} autoPlay>
        {view}
      </Player>
    </div>
  );
}
