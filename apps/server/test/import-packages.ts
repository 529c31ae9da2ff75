import { zipOf } from './problems';

/**
 * Problem packages for the import's tests and bench (modules/problem-transfer), built in code:
 * what other judges export, at the sizes a test needs.
 */

/** A Polygon package of one problem whose problem.xml declares `testCount` tests (and ships two). */
export function polygonDeclaring(testCount: number): Promise<Buffer> {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="big">
  <names><name language="chinese" value="声明很多测试点"/></names>
  <judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
    <test-count>${testCount}</test-count>
    <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
  </testset></judging>
</problem>`;
  return zipOf([
    ['big/problem.xml', xml],
    ['big/statements/chinese/legend.tex', '求和。'],
    ['big/tests/01', '1 2\n'],
    ['big/tests/01.a', '3\n'],
    ['big/tests/02', '2 2\n'],
    ['big/tests/02.a', '4\n'],
  ]);
}

/**
 * An FPS file of `problems` items, each `tests` tests of `testBytes` bytes and an HTML statement of
 * about `htmlBytes` (converted to markdown on import: the CPU-heavy part of reading a package).
 */
export function fpsPackage(
  problems: number,
  o: { tests?: number; testBytes?: number; htmlBytes?: number; title?: string } = {},
): Buffer {
  const tests = o.tests ?? 2;
  const paragraph = '<p>给定 <b>n</b> 个整数 $a_i$，求它们的和。<i>注意</i>溢出。</p>';
  const html = paragraph.repeat(Math.max(1, Math.ceil((o.htmlBytes ?? 200) / Buffer.byteLength(paragraph))));
  const items = Array.from({ length: problems }, (_, p) => {
    const data = Array.from({ length: tests }, (_, t) => {
      const line = `${p} ${t}\n`;
      const input = line.repeat(Math.max(1, Math.ceil((o.testBytes ?? 4) / line.length)));
      return `<test_input><![CDATA[${input}]]></test_input><test_output><![CDATA[${p + t}\n]]></test_output>`;
    }).join('');
    return (
      `<item><title><![CDATA[${o.title ?? '批量'} ${p + 1}]]></title><time_limit unit="s">1</time_limit>` +
      `<memory_limit unit="mb">256</memory_limit><description><![CDATA[${html}]]></description>` +
      `<input><![CDATA[<p>一行。</p>]]></input><output><![CDATA[<p>一个数。</p>]]></output>` +
      `<sample_input><![CDATA[1 2\n]]></sample_input><sample_output><![CDATA[3\n]]></sample_output>` +
      `${data}<source><![CDATA[动态规划]]></source></item>`
    );
  });
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><fps version="1.4">${items.join('')}</fps>`);
}
