import { createHash } from 'node:crypto';
import { type SampleCase, TEST_DETAIL_PREVIEW_CHARS, type TestVisibility } from '@oj/shared';
import type { ProblemsDeps } from './deps';
import { parseJson, type StoredTest, testsOf, testVisibilityOf } from './present';
import { anyRow } from './repo';
import type { ProblemRow } from './tables';

/** The start of a test's input and expected output, as a record shows them. */
export interface TestPreview {
  input: string;
  expected: string;
  truncated: boolean;
}

/**
 * What the records need to know of a problem to show its judged tests (issue 22): the setting, the
 * author, which tests are statement samples, and the start of any test's files.
 */
export interface TestSheet {
  /** The problem's name (deleted problems too), as the records name it: read with the sheet. */
  problemName: string;
  visibility: TestVisibility;
  authorId: number | null;
  /** sha256 of the stored test list: a submission judged against these tests carries the same key. */
  testsKey: string;
  /** 1-based test index → that test as the statement shows it (a sample: public already). */
  samples: ReadonlyMap<number, TestPreview>;
  /** The start of some tests' input and expected output, read from the test data (1-based). */
  previews(indexes: number[]): Promise<Map<number, TestPreview>>;
}

export const testsKeyOf = (row: Pick<ProblemRow, 'tests'>): string =>
  createHash('sha256').update(row.tests).digest('hex');

/**
 * Text as the default checker compares it: line ends as \n, trailing blanks of each line and
 * trailing empty lines dropped. A statement's sample ("1 2") and its test file ("1 2\n") are one.
 */
export function normalise(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

const N = TEST_DETAIL_PREVIEW_CHARS;
const cut = (text: string) => (text.length > N ? text.slice(0, N) : text);
const fromSample = (s: SampleCase): TestPreview => ({
  input: cut(s.input),
  expected: cut(s.output),
  truncated: s.input.length > N || s.output.length > N,
});

/** Problems whose sample tests are remembered, and test files whose start is (both bounded). */
const SHEETS_MAX = 2000;
const HEADS_MAX = 1000;

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
  return value;
}

/**
 * This node's memory of sample tests per problem and of test files' starts. Sample tests are found
 * once per test set and statement (a test is a sample when its input and answer equal a statement
 * sample's, normalised); only tests about as small as the samples are read to find them. Test files
 * are content-addressed, so a file's start never changes.
 */
export class TestSheets {
  private readonly sampleTests = new Map<number, { fingerprint: string; map: Map<number, TestPreview> }>();
  private readonly heads = new Map<string, { text: string; cut: boolean }>();

  constructor(private readonly d: Pick<ProblemsDeps, 'db' | 'storage'>) {}

  async of(problemId: number): Promise<TestSheet | null> {
    const row = await anyRow(this.d.db, problemId);
    return row ? this.sheet(row) : null;
  }

  private async sheet(row: ProblemRow): Promise<TestSheet> {
    const tests = testsOf(row);
    return {
      problemName: row.chinese_name,
      visibility: testVisibilityOf(row),
      authorId: row.author_id,
      testsKey: testsKeyOf(row),
      samples: await this.samplesOf(row, tests),
      previews: (indexes) => this.previews(tests, indexes),
    };
  }

  private async samplesOf(row: ProblemRow, tests: StoredTest[]): Promise<Map<number, TestPreview>> {
    const fingerprint = createHash('sha256').update(row.tests).update('\0').update(row.samples).digest('hex');
    const known = this.sampleTests.get(row.id);
    if (known?.fingerprint === fingerprint) return known.map;
    const map = await this.findSamples(parseJson<SampleCase[]>(row.samples, []), tests);
    return remember(this.sampleTests, row.id, { fingerprint, map }, SHEETS_MAX).map;
  }

  private async findSamples(samples: SampleCase[], tests: StoredTest[]): Promise<Map<number, TestPreview>> {
    const map = new Map<number, TestPreview>();
    if (!samples.length) return map;
    const wanted = samples.map((s) => ({
      sample: s,
      input: normalise(s.input),
      output: normalise(s.output),
    }));
    // A test much larger than every sample cannot be one (trailing blanks aside): not read.
    const bound = (texts: string[]) => 2 * Math.max(...texts.map((t) => Buffer.byteLength(t))) + 64;
    const maxIn = bound(samples.map((s) => s.input));
    const maxOut = bound(samples.map((s) => s.output));
    for (const [i, t] of tests.entries()) {
      if (t.input_size > maxIn || t.output_size > maxOut) continue;
      const input = normalise((await this.d.storage.read(t.input)).toString('utf8'));
      const same = wanted.filter((w) => w.input === input);
      if (!same.length) continue;
      const output = normalise((await this.d.storage.read(t.output)).toString('utf8'));
      const match = same.find((w) => w.output === output);
      if (match) map.set(i + 1, fromSample(match.sample));
    }
    return map;
  }

  private async previews(tests: StoredTest[], indexes: number[]): Promise<Map<number, TestPreview>> {
    const out = new Map<number, TestPreview>();
    for (const i of indexes) {
      const t = tests[i - 1];
      if (!t) continue;
      const input = await this.head(t.input, t.input_size);
      const expected = await this.head(t.output, t.output_size);
      out.set(i, { input: input.text, expected: expected.text, truncated: input.cut || expected.cut });
    }
    return out;
  }

  private async head(sha256: string, size: number): Promise<{ text: string; cut: boolean }> {
    const known = this.heads.get(sha256);
    if (known) return remember(this.heads, sha256, known, HEADS_MAX);
    // 4N bytes of UTF-8 hold at least N UTF-16 units (a cut character at the end lies past N).
    const bytes = await this.d.storage.head(sha256, N * 4);
    const text = bytes.toString('utf8');
    const head = { text: cut(text), cut: size > bytes.length || text.length > N };
    return remember(this.heads, sha256, head, HEADS_MAX);
  }
}
