import type { ProgressEvent, TestResultView, TestVisibility } from '@oj/shared';
import type { SubmissionRow } from './tables';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import type { TestPreview, TestSheet } from '../problems';
import type { SubmissionsDeps } from './deps';

/**
 * Issue 22: a wrong answer's checker message ("期望 2000000000，得到 0") and the test's data would
 * let a solver extract hidden tests. What a viewer sees of each judged test is decided here, once,
 * for every path that shows one (record, streams, the verdict on the bus): verdict, time and memory
 * always; the message, input and expected output as the problem's `test_visibility` says, and
 * everything for admins and the problem's author.
 */

/** A test's result as stored with its submission (judging.ts), before any viewer's rule shapes it. */
export type StoredTestResult = Pick<
  TestResultView,
  'index' | 'status' | 'time_used' | 'memory_used' | 'message'
> & {
  /** 027: scored problems only (absent in older results). Like the verdict, shown to everyone. */
  score?: TestResultView['score'];
};

/** What one viewer may see of the tests of one judged run. */
export interface TestRule {
  /**
   * The problem's name, read with its sheet (a record presented with this rule needs no other read
   * for it); null when the problem does not exist.
   */
  problemName: string | null;
  /** Admins and the problem's author: every test's details. */
  everything: boolean;
  visibility: TestVisibility;
  /** The statement samples among the judged tests (1-based); empty when the judged list is not known. */
  samples: ReadonlyMap<number, TestPreview>;
  /** The problem's current tests, when they are the judged ones (their files can be previewed). */
  sheet: TestSheet | null;
}

const NO_SAMPLES: ReadonlyMap<number, TestPreview> = new Map();

/**
 * The rule for a viewer and a submission. Sample tests are known only when the submission was judged
 * against the problem's current tests (`tests_key`): after the tests change, test 1 may be another
 * test, and an old hidden test's message must not pass for a sample's.
 */
export async function testRuleFor(
  d: Pick<SubmissionsDeps, 'problems'>,
  viewer: Viewer,
  s: Pick<SubmissionRow, 'problem_id' | 'tests_key'>,
): Promise<TestRule> {
  const sheet = await d.problems.testSheet(s.problem_id);
  const everything = can(viewer, {
    action: 'problem.viewTestDetails',
    subject: { ownerUuid: sheet?.authorId ?? null },
  });
  if (!sheet)
    return { problemName: null, everything, visibility: 'verdict', samples: NO_SAMPLES, sheet: null };
  const current = s.tests_key !== null && s.tests_key === sheet.testsKey;
  return {
    problemName: sheet.problemName,
    everything,
    visibility: sheet.visibility,
    samples: current ? sheet.samples : NO_SAMPLES,
    sheet: current ? sheet : null,
  };
}

/**
 * A test result as the judge reports it, before any viewer's rule: what the bus carries (progress
 * events, never sent as they are: every stream shapes them with `ShapedEvents`).
 */
export const unshaped = (t: StoredTestResult): TestResultView => ({
  ...t,
  score: t.score ?? null,
  sample: false,
  detail: true,
  input: null,
  expected: null,
  truncated: false,
});

const showsDetail = (rule: TestRule, index: number) =>
  rule.everything || rule.visibility === 'all' || (rule.visibility === 'samples' && rule.samples.has(index));

/**
 * One test as the rule shows it. `preview`: the start of its input and expected output (read from
 * the test data); a sample's come from the statement.
 */
export function shapeTest(t: StoredTestResult, rule: TestRule, preview?: TestPreview): TestResultView {
  const detail = showsDetail(rule, t.index);
  const shown = detail ? (preview ?? rule.samples.get(t.index)) : undefined;
  return {
    index: t.index,
    status: t.status,
    time_used: t.time_used,
    memory_used: t.memory_used,
    message: detail ? t.message : '',
    sample: rule.samples.has(t.index),
    detail,
    input: shown?.input ?? null,
    expected: shown?.expected ?? null,
    truncated: shown?.truncated ?? false,
    score: t.score ?? null,
  };
}

/** A record's tests as the rule shows them, with the start of each shown test's files when known. */
export async function shapeTests(tests: StoredTestResult[], rule: TestRule): Promise<TestResultView[]> {
  const toRead = tests
    .filter((t) => showsDetail(rule, t.index) && !rule.samples.has(t.index))
    .map((t) => t.index);
  const previews =
    rule.sheet && toRead.length ? await rule.sheet.previews(toRead) : new Map<number, TestPreview>();
  return tests.map((t) => shapeTest(t, rule, previews.get(t.index)));
}

/**
 * The events of a stream to one viewer, in the order they came, each `test` result shaped by the
 * rule of the run under way. The rule is read before a submission's first event and again when a
 * run starts (`queued`, `compiling`: a rejudge may run against new tests or under a new setting);
 * anything else the stream sends meanwhile (`after`) keeps its place in the line.
 */
export class ShapedEvents {
  private line: Promise<void> = Promise.resolve();
  private readonly rules = new Map<number, Promise<TestRule | null>>();

  constructor(
    private readonly load: (submissionId: number) => Promise<TestRule>,
    private readonly send: (e: ProgressEvent) => void,
  ) {}

  /** The rule of a submission's run under way (read now if not yet). */
  rule(id: number): Promise<TestRule | null> {
    let rule = this.rules.get(id);
    if (!rule) this.rules.set(id, (rule = this.load(id).catch(() => null)));
    return rule;
  }

  event(e: ProgressEvent): void {
    if (e.kind === 'queued' || e.kind === 'compiling') this.rules.delete(e.submission_id);
    if (e.kind !== 'test') return this.after(() => this.send(e));
    const rule = this.rule(e.submission_id);
    this.after(async () => {
      const r = await rule;
      if (!r) return; // rule unreadable: nothing shown
      const [result] = await shapeTests([e.result], r);
      this.send({ ...e, result });
    });
  }

  /** Runs `fn` once everything queued before it was sent. */
  after(fn: () => unknown): void {
    this.line = this.line.then(async () => void (await fn())).catch(() => undefined);
  }
}
