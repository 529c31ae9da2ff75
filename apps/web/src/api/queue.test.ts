import { describe, expect, it } from 'vitest';
import { RequestQueue } from './queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('RequestQueue', () => {
  it('never runs more than the limit at once and keeps the order of waiting tasks', async () => {
    const q = new RequestQueue(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let maxActive = 0;
    const results = gates.map((g, i) =>
      q.run(async () => {
        started.push(i);
        maxActive = Math.max(maxActive, q.active);
        await g.promise;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(q.outstanding).toBe(4);
    gates[1].resolve();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
    expect(maxActive).toBe(2);
    expect(q.outstanding).toBe(0);
  });

  it('frees the slot when a task fails and reports outstanding counts to listeners', async () => {
    const q = new RequestQueue(1);
    const seen: number[] = [];
    q.subscribe((n) => seen.push(n));
    const failing = q.run(() => Promise.reject(new Error('失败')));
    const next = q.run(async () => 'ok');
    await expect(failing).rejects.toThrow('失败');
    await expect(next).resolves.toBe('ok');
    expect(seen[seen.length - 1]).toBe(0);
    expect(Math.max(...seen)).toBe(2);
  });
});
