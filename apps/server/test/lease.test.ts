import { afterEach, describe, expect, it } from 'vitest';
import { backends, migratedDatabase, TestClock } from './helpers';
import type { Db } from '../src/db/kysely';
import { Leases } from '../src/lib/lease';
import { nodeName } from '../src/lib/node-state';

describe.each(backends())('leases in the database ($name)', (backend) => {
  let opened: { db: Db; cleanup(): Promise<void> } | null = null;
  afterEach(async () => {
    await opened?.cleanup();
    opened = null;
  });
  const nodes = async (names: string[], clock = new TestClock()) => {
    opened = await migratedDatabase(backend);
    const { db } = opened;
    return names.map((name) => new Leases(db.db, name, clock));
  };

  it('is held by one node at a time: renewed by its holder, refused to the others until released', async () => {
    const [a, b] = await nodes(['node-a', 'node-b']);
    expect(await a.acquire('job', 60_000)).toBe(true);
    expect(await b.acquire('job', 60_000)).toBe(false);
    expect(await b.renew('job', 60_000)).toBe(false);
    expect(await a.acquire('job', 60_000)).toBe(true); // its own lease: extended
    expect(await a.renew('job', 60_000)).toBe(true);
    expect(await b.holderOf('job')).toBe('node-a');
    await b.release('job'); // not b's: nothing happens
    expect(await a.holderOf('job')).toBe('node-a');
    await a.release('job');
    expect(await a.holderOf('job')).toBeNull();
    expect(await b.acquire('job', 60_000)).toBe(true);
    // Another name is another lease.
    expect(await a.acquire('other', 60_000)).toBe(true);
  });

  it('is taken over once its holder stops renewing it (the holder died), and the old holder cannot renew it', async () => {
    const clock = new TestClock();
    const [a, b] = await nodes(['node-a', 'node-b'], clock);
    expect(await a.acquire('job', 60_000)).toBe(true);
    clock.advance(59_000);
    expect(await b.acquire('job', 60_000)).toBe(false);
    clock.advance(2000);
    expect(await b.holderOf('job')).toBeNull();
    expect(await b.acquire('job', 60_000)).toBe(true);
    expect(await a.renew('job', 60_000)).toBe(false);
    expect(await a.acquire('job', 60_000)).toBe(false);
    expect(await a.holderOf('job')).toBe('node-b');
  });

  it('is taken back at once by its holder restarted after a crash: a node keeps its name across restarts', async () => {
    const name = nodeName('', 8080, '/var/lib/oj');
    expect(nodeName('', 8080, '/var/lib/oj')).toBe(name);
    expect(nodeName('', 8080, '/var/lib/oj-2')).not.toBe(name);
    expect(nodeName('', 8081, '/var/lib/oj')).not.toBe(name); // oj-web@8081 beside oj-web@8080
    expect(nodeName('', 0, '/var/lib/oj')).not.toBe(nodeName('', 0, '/var/lib/oj')); // ephemeral: no identity
    expect(nodeName('web-3', 8080, '/var/lib/oj')).toBe('web-3');
    const clock = new TestClock();
    const [crashed, other] = await nodes([name, nodeName('', 8080, '/srv/other')], clock);
    expect(await crashed.acquire('job', 150_000)).toBe(true);
    // kill -9: nothing released. Its next life (same host, same data dir) is the holder still.
    const restarted = new Leases(opened!.db.db, nodeName('', 8080, '/var/lib/oj'), clock);
    clock.advance(1_000);
    expect(await other.acquire('job', 150_000)).toBe(false);
    expect(await restarted.acquire('job', 150_000)).toBe(true);
  });

  it('goes to exactly one of many nodes asking at once', async () => {
    const many = await nodes(Array.from({ length: 8 }, (_, i) => `node-${i}`));
    for (let round = 0; round < 5; round++) {
      const won = await Promise.all(many.map((n) => n.acquire(`race-${round}`, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await many[0].holderOf(`race-${round}`)).toBe(`node-${won.indexOf(true)}`);
    }
  });

  it('runs a job on the node that gets it; `keep` keeps it there between runs', async () => {
    const [a, b] = await nodes(['node-a', 'node-b']);
    const ran: string[] = [];
    expect(await a.run('tick', 60_000, async () => void ran.push('a'), { keep: true })).toBe(true);
    expect(await b.run('tick', 60_000, async () => void ran.push('b'), { keep: true })).toBe(false);
    expect(await a.run('tick', 60_000, async () => void ran.push('a'), { keep: true })).toBe(true);
    expect(ran).toEqual(['a', 'a']);
    // Without keep the lease is released after the run, even when the job fails.
    await expect(a.run('once', 60_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await b.run('once', 60_000, async () => void ran.push('b'))).toBe(true);
    expect(ran).toEqual(['a', 'a', 'b']);
    expect(await a.holderOf('once')).toBeNull();
  });
});
