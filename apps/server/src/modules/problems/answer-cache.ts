import { createHash } from 'node:crypto';
import { type AlgorithmQuery, BankPage, envelope, type MyStatus, Problem } from '@oj/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DomainBus } from '../../events';
import type { Viewer } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { can } from '../../lib/permissions';
import { statuses } from './bank';
import type { ProblemsDeps } from './deps';
import { presentProblem } from './present';
import * as repo from './repo';

/**
 * Public read-mostly answers as bytes (issue 28): the problem detail of a published problem is the
 * same for every viewer but for `my_status` (and the checker's files, which only editors see), so
 * it is built once, serialized once per status, and sent as it is with an ETag. Whatever changes
 * the answer calls `changed(id)` after its commit: the entry is dropped here and, through the
 * domain bus, on every other node; a build that was under way when the change came is not kept.
 */

/** Bytes of an envelope answer and their ETag (weak: compression may re-encode the bytes). */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/** The bytes the route's serializer (fastify-type-provider-zod) would send for `data`, and their ETag. */
export function cachedAnswer<S extends z.ZodTypeAny>(schema: S, data: z.output<S>): CachedAnswer {
  const body = JSON.stringify(schema.encode(data));
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends cached bytes: 304 when the client's copy (If-None-Match) is these bytes, else the bytes
 * with their ETag. `private, no-cache`: browsers keep the answer and ask again each time (it may
 * differ per viewer: `my_status`), shared caches keep nothing.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (req.method === 'GET' && etagMatches(req.headers['if-none-match'], answer.etag))
    return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** RFC 9110 weak comparison of an If-None-Match list with one ETag. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

/** A published problem's answer for viewers who are not editors, built lazily per `my_status`. */
class DetailEntry {
  private readonly bodies = new Map<MyStatus, CachedAnswer>();
  constructor(
    private readonly problem: z.output<typeof Problem>,
    readonly at: number,
  ) {}
  of(status: MyStatus): CachedAnswer {
    let a = this.bodies.get(status);
    if (!a) this.bodies.set(status, (a = cachedAnswer(DETAIL, ok({ ...this.problem, my_status: status }))));
    return a;
  }
}
const DETAIL = envelope(Problem);
const BANK_PAGE = envelope(BankPage);
/** Bank pages kept at most (distinct filter, sort and page choices of visitors). */
const MAX_BANK_PAGES = 500;

export interface AnswerCacheOptions {
  /** Entries kept at most (the oldest built goes first). */
  maxEntries?: number;
  /**
   * An entry is built again after this long even if no change was heard: a safety net for a
   * change message lost between nodes (a Redis reconnect), not the way changes are followed.
   */
  maxAgeMs?: number;
  now?: () => number;
}

type Bus = Pick<DomainBus, 'on' | 'emit'>;

export class ProblemAnswerCache {
  private readonly entries = new Map<number, DetailEntry>();
  /** Changes seen per problem: a build started before a change is not stored. */
  private readonly versions = new Map<number, number>();
  /**
   * Visitors' bank pages by their query; any change of any problem (counts after a verdict
   * included, a new problem) starts a new generation and drops them all.
   */
  private readonly bankPages = new Map<string, { answer: CachedAnswer; at: number }>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private bus: Bus | undefined;

  constructor(
    private readonly d: Pick<ProblemsDeps, 'db'>,
    private readonly hasVideo: (id: number) => Promise<boolean>,
    opts: AnswerCacheOptions = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxAgeMs = opts.maxAgeMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Hears other nodes' changes (and sends ours to them) from now on. */
  listen(bus: Bus | undefined): void {
    if (!bus || this.bus) return;
    this.bus = bus;
    bus.on('problem.changed', ({ problem_id }, meta) => {
      if (!meta.local) this.drop(problem_id);
    });
  }

  /**
   * The detail answer's bytes for this viewer, or null when it is not a cached case: a problem
   * that is hidden or missing (the caller's own path refuses, or lets an admin or a class member
   * in) or an editor (sees the special checker's source). Editing rights on a published problem
   * are `problem.manage` alone (a class problem's author matters only while it is hidden).
   */
  async detail(viewer: Viewer, id: number): Promise<CachedAnswer | null> {
    if (can(viewer, { action: 'problem.manage' })) return null;
    const hit = this.entries.get(id);
    const entry = hit && this.now() - hit.at < this.maxAgeMs ? hit : await this.build(id);
    if (!entry) return null;
    const status = viewer.uuid > 0 ? (await statuses(this.d, viewer, [id])).get(id) : undefined;
    return entry.of(status ?? 'none');
  }

  /**
   * A bank page for a visitor (not signed in) without a keyword (the keyword goes through the
   * search index, which follows changes on its own), or null: answer through the search itself.
   * A visitor sees published problems only and no status, so the page is everyone's of them.
   */
  async bankPage(
    viewer: Viewer,
    q: AlgorithmQuery,
    search: () => Promise<z.output<typeof BankPage>>,
  ): Promise<CachedAnswer | null> {
    if (viewer.uuid > 0 || can(viewer, { action: 'problem.viewHidden' }) || q.keyword?.trim()) return null;
    // Every choice but the keyword (none here) and the status filter (ignored for visitors).
    const { keyword: _keyword, status: _status, ...choices } = q;
    const key = JSON.stringify(choices);
    const hit = this.bankPages.get(key);
    if (hit && this.now() - hit.at < this.maxAgeMs) return hit.answer;
    const generation = this.generation;
    const at = this.now();
    const answer = cachedAnswer(BANK_PAGE, ok(await search()));
    if (generation === this.generation) {
      if (this.bankPages.size >= MAX_BANK_PAGES) this.bankPages.clear();
      this.bankPages.set(key, { answer, at });
    }
    return answer;
  }

  /** A problem's answer changed (after the commit): dropped here and on every other node. */
  changed(id: number): void {
    this.drop(id);
    this.bus?.emit('problem.changed', { problem_id: id });
  }

  private drop(id: number): void {
    this.generation++;
    this.bankPages.clear();
    this.entries.delete(id);
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }

  private async build(id: number): Promise<DetailEntry | null> {
    const version = this.versions.get(id) ?? 0;
    const [row, video] = await Promise.all([repo.liveRow(this.d.db, id), this.hasVideo(id)]);
    // Only a published problem is everyone's: hidden ones (class problems among them) are never kept.
    if (!row || row.visible !== 1) {
      this.entries.delete(id);
      return null;
    }
    const entry = new DetailEntry(
      { ...presentProblem(row, 'none', { isAdmin: false }), has_video: video, class_problem: false },
      this.now(),
    );
    if ((this.versions.get(id) ?? 0) !== version) return entry; // changed meanwhile: answer, keep nothing
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(id, entry);
    return entry;
  }
}
