import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ratingDeltas, type RatingInput } from './codeforces';

/**
 * Real Codeforces rounds against their official deltas, every contestant exact.
 *
 * The rounds are public data of Codeforces, not ours to commit: they are read from the folder named
 * by OJ_CF_ROUNDS_DIR, one round per `*.json` file, in any of these shapes:
 * - the answer of `https://codeforces.com/api/contest.ratingChanges?contestId=N` (the whole answer
 *   or its `result`): rows `{handle, rank, oldRating, newRating}`; equal ranks are ties;
 * - rows `{handle, points, penalty, rating, delta}` (the rating CLI's input plus the official delta);
 * - rows `[handle, points, penalty, rating, delta]`.
 * Only rounds rated before Codeforces' 2020 change for new accounts fit: since then a new account's
 * `oldRating` is 0, not the rating the algorithm used for it.
 */
const DIR = process.env.OJ_CF_ROUNDS_DIR ?? '';

interface Round {
  name: string;
  rows: RatingInput[];
  official: number[];
}

function parseRound(name: string, text: string): Round {
  const json: unknown = JSON.parse(text);
  const list = Array.isArray(json) ? json : (json as { result?: unknown }).result;
  if (!Array.isArray(list) || !list.length) throw new Error(`${name}: no rows`);
  const rows: RatingInput[] = [];
  const official: number[] = [];
  for (const raw of list as unknown[]) {
    if (Array.isArray(raw)) {
      const [handle, points, penalty, rating, delta] = raw as [string, number, number, number, number];
      rows.push({ handle, points, penalty, rating });
      official.push(delta);
    } else {
      const o = raw as Record<string, number & string>;
      if (typeof o.rank === 'number') {
        // The standings' order is all the algorithm needs; equal ranks tie.
        rows.push({ handle: o.handle, points: -o.rank, penalty: 0, rating: o.oldRating });
        official.push(o.newRating - o.oldRating);
      } else {
        rows.push({ handle: o.handle, points: o.points, penalty: o.penalty, rating: o.rating });
        official.push(o.delta);
      }
    }
  }
  for (const [i, r] of rows.entries())
    if (typeof r.handle !== 'string' || !Number.isInteger(r.rating) || !Number.isInteger(official[i]))
      throw new Error(`${name}: row ${i + 1} is not a contestant with a rating and an official delta`);
  return { name, rows, official };
}

const rounds: Round[] = DIR
  ? readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => parseRound(f, readFileSync(join(DIR, f), 'utf8')))
  : [];
if (!DIR)
  process.stderr.write(
    '\n[rating] OJ_CF_ROUNDS_DIR is not set: the real Codeforces rounds are not compared this run ' +
      '(codeforces.test.ts still checks the algorithm).\n\n',
  );

describe.skipIf(!DIR)('real Codeforces rounds: every official delta', () => {
  it('the folder holds rounds', () => {
    expect(rounds.length, `no *.json in ${DIR}`).toBeGreaterThan(0);
  });

  it.each(rounds.map((r) => [r.name, r] as const))('%s', (_name, round) => {
    const ours = ratingDeltas(round.rows);
    const wrong = round.rows
      .map((r, i) => ({ handle: r.handle, rating: r.rating, ours: ours[i], official: round.official[i] }))
      .filter((x) => x.ours !== x.official);
    expect(
      wrong,
      `${wrong.length} of ${round.rows.length} contestants differ: ${JSON.stringify(wrong.slice(0, 5))}`,
    ).toEqual([]);
  });
});
