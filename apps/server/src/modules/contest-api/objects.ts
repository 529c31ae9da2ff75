import {
  FEED_TYPES,
  type ApiObject,
  type FeedType,
  clarificationObjects,
  configObjects,
  presentState,
  stateStamp,
  submissionObjects,
} from './present';
import { awardObjects } from './scoreboard';
import type { ContestData } from './view';

const TYPE_ORDER = new Map<FeedType, number>(FEED_TYPES.map((t, i) => [t, i]));

/** The position of an object in the event feed: its instant, then references first, then its id. */
export interface FeedKey {
  stamp: number;
  type: number;
  id: string;
}

export const keyOf = (o: ApiObject): FeedKey => ({
  stamp: o.stamp,
  type: TYPE_ORDER.get(o.type)!,
  id: o.id ?? '',
});

/** Compares ids numerically where both are numbers (submission 9 before 10), else as text. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isSafeInteger(x) && Number.isSafeInteger(y) && a !== '' && b !== '') return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

export const compareKeys = (a: FeedKey, b: FeedKey): number =>
  a.stamp - b.stamp || a.type - b.type || compareIds(a.id, b.id);

/**
 * Every object of the contest as the caller may see it, in event-feed order. Awards follow the
 * latest change they depend on (a verdict, a team); the state its latest transition.
 */
/** An object with its place in the feed. */
export interface Placed {
  o: ApiObject;
  k: FeedKey;
}

export const allObjects = (data: ContestData): ApiObject[] => placedObjects(data).map((x) => x.o);

/** Every object of the contest as the caller may see it, with its place, in event-feed order. */
export function placedObjects(data: ContestData): Placed[] {
  const config = configObjects(data);
  const live = [...submissionObjects(data), ...clarificationObjects(data)];
  const state = presentState(data.board, data.now);
  const created = Date.parse(data.board.contest.create_time);
  let latest = created;
  for (const o of config) latest = Math.max(latest, o.stamp);
  for (const o of live) latest = Math.max(latest, o.stamp);
  const all = [
    ...config,
    { type: 'state' as const, id: null, data: state, stamp: stateStamp(state, created) },
    ...live,
    ...awardObjects(data, Math.max(latest, stateStamp(state, created))),
  ];
  // Keys made once (not per comparison): the backlog of a large contest has tens of thousands.
  const keyed = all.map((o) => ({ o, k: keyOf(o), n: o.id === null || o.id === '' ? NaN : Number(o.id) }));
  keyed.sort(
    (a, b) =>
      a.k.stamp - b.k.stamp ||
      a.k.type - b.k.type ||
      (Number.isSafeInteger(a.n) && Number.isSafeInteger(b.n) ? a.n - b.n : compareIds(a.k.id, b.k.id)),
  );
  return keyed;
}

/** The objects of one endpoint (collection), filtered on ID properties by query arguments. */
export function collection(data: ContestData, type: FeedType, filter: Record<string, string>): unknown[] {
  const items = allObjects(data)
    .filter((o) => o.type === type)
    .map((o) => o.data);
  const keys = Object.keys(filter).filter((k) => k.endsWith('_id') && k !== 'id');
  return items.filter((item) => keys.every((k) => String(item[k] ?? '') === filter[k]));
}
