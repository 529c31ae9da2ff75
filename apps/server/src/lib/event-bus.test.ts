import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EventBus, type EventMeta, redisTransport } from './event-bus';

type TestEvents = {
  'thing.changed': { id: number };
  'thing.progress': { id: number; step: number };
};

describe('event bus in one process', () => {
  it('delivers an event to every listener of its name, once, with local = true', () => {
    const bus = new EventBus<TestEvents>();
    const heard: [string, number, EventMeta][] = [];
    bus.on('thing.changed', (e, meta) => heard.push(['a', e.id, meta]));
    const off = bus.on('thing.changed', (e, meta) => heard.push(['b', e.id, meta]));
    bus.on('thing.progress', (e) => heard.push(['progress', e.step, { local: true }]));
    bus.emit('thing.changed', { id: 1 });
    off();
    bus.emit('thing.changed', { id: 2 });
    expect(heard).toEqual([
      ['a', 1, { local: true }],
      ['b', 1, { local: true }],
      ['a', 2, { local: true }],
    ]);
    expect(bus.listenerCount('thing.changed')).toBe(1);
  });

  it('reports a failing listener and still calls the others', () => {
    const errors: string[] = [];
    const bus = new EventBus<TestEvents>({ onError: (_err, name) => errors.push(name) });
    const heard: number[] = [];
    bus.on('thing.changed', () => {
      throw new Error('broken');
    });
    bus.on('thing.changed', (e) => heard.push(e.id));
    expect(() => bus.emit('thing.changed', { id: 3 })).not.toThrow();
    expect(heard).toEqual([3]);
    expect(errors).toEqual(['thing.changed']);
  });
});

const redisUrl = process.env.TEST_REDIS_URL?.trim();

describe.skipIf(!redisUrl)('event bus across nodes through Redis', () => {
  it('each node hears the others’ events once and its own only locally; node-scoped ones stay home', async () => {
    const { Redis } = await import('ioredis');
    const channel = `oj-test-events:${randomBytes(6).toString('hex')}`;
    const connections = [new Redis(redisUrl!), new Redis(redisUrl!)];
    const [a, b] = await Promise.all(
      connections.map(
        async (redis) =>
          new EventBus<TestEvents>({
            transport: await redisTransport(redis, channel),
            nodeScoped: ['thing.progress'],
          }),
      ),
    );
    try {
      const heard = { a: [] as string[], b: [] as string[] };
      for (const [bus, list] of [
        [a, heard.a],
        [b, heard.b],
      ] as const) {
        bus.on('thing.changed', (e, meta) => list.push(`changed ${e.id} ${meta.local ? 'local' : 'remote'}`));
        bus.on('thing.progress', (e, meta) =>
          list.push(`progress ${e.id} ${meta.local ? 'local' : 'remote'}`),
        );
      }
      a.emit('thing.progress', { id: 1, step: 1 });
      a.emit('thing.changed', { id: 1 });
      b.emit('thing.changed', { id: 2 });
      // Pub/sub keeps the order of one publisher: b's event arriving at a means a's arrived at b.
      await expect.poll(() => heard.a.length + heard.b.length, { timeout: 10_000 }).toBe(5);
      expect(heard.a).toEqual(['progress 1 local', 'changed 1 local', 'changed 2 remote']);
      expect(heard.b).toEqual(['changed 2 local', 'changed 1 remote']);
      // A late echo of a's own message would show up here: send one more round trip and look again.
      b.emit('thing.changed', { id: 3 });
      await expect.poll(() => heard.a.at(-1), { timeout: 10_000 }).toBe('changed 3 remote');
      expect(heard.a.filter((h) => h.startsWith('changed 1'))).toEqual(['changed 1 local']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      for (const c of connections) c.disconnect();
    }
  });
});
