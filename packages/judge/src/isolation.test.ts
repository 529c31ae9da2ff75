import { describe, expect, it } from 'vitest';
import { JUDGE_NICE } from './sandbox';
import { judgeFixture, sandboxReady } from '../test/fixture';

const ready = await sandboxReady();

// Each test of a C program: the first token says what to try.
const PROGRAM = `
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  char what[16];
  if (scanf("%15s", what) != 1) return 1;
  if (!strcmp(what, "tamper")) {
    FILE *f = fopen("/prog/main", "w");
    puts(f ? "wrote" : "read-only");
  } else if (!strcmp(what, "leave")) {
    FILE *f = fopen("state", "w");
    fputs("x", f);
    fclose(f);
    puts(access("state", F_OK) == 0 ? "left" : "none");
  } else if (!strcmp(what, "find")) {
    puts(access("state", F_OK) == 0 ? "found" : "fresh");
  } else if (!strcmp(what, "flood")) {
    static char block[200 * 1024];
    memset(block, 'x', sizeof block);
    for (int i = 0; i < 20; i++) {
      char name[32];
      sprintf(name, "f%d", i);
      FILE *f = fopen(name, "w");
      fwrite(block, 1, sizeof block, f);
      fclose(f);
    }
    puts("done");
  }
  return 0;
}
`;

describe.skipIf(!ready.ok)('runs are isolated from the program and from each other', () => {
  it('the compiled program is read-only, each test starts in an empty directory, written files count', async () => {
    const r = await judgeFixture({
      language: 'C',
      source: PROGRAM,
      outputBytes: 1 << 20,
      tests: [
        { name: 'tamper', input: 'tamper\n', answer: 'read-only\n' },
        { name: 'leave', input: 'leave\n', answer: 'left\n' },
        { name: 'find', input: 'find\n', answer: 'fresh\n' },
        { name: 'flood', input: 'flood\n', answer: 'done\n' },
      ],
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC', 'AC', 'AC', 'OLE']);
    expect(r.tests[3].message).toBe('写入的文件总大小超过输出限制');
  }, 60_000);
});

describe.skipIf(!ready.ok)('judging yields the CPU to the web server', () => {
  it('programs run at the judge niceness, which they cannot lower', async () => {
    const source = `
#include <stdio.h>
#include <sys/resource.h>
int main(void) {
  int before = getpriority(PRIO_PROCESS, 0);
  int lowered = setpriority(PRIO_PROCESS, 0, 0) == 0;
  printf("%d %d\\n", before, lowered);
  return 0;
}
`;
    const r = await judgeFixture({
      language: 'C',
      source,
      tests: [{ name: '1', input: '', answer: `${JUDGE_NICE} 0\n` }],
    });
    expect(r.tests.map((t) => t.status)).toEqual(['AC']);
  }, 60_000);
});
