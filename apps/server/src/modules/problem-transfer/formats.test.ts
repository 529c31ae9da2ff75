import { describe, expect, it } from 'vitest';
import { fpsPackage, polygonDeclaring } from '../../../test/import-packages';
import { AppError } from '../../lib/errors';
import { readArchive } from '../problems';
import { parsePackage } from './detect';
import type { ExportedProblem } from './exported';
import { buildFps } from './fps';
import { buildHydro } from './hydro';
import { composeStatement, extractSampleBlocks, appendSampleBlocks, splitStatement } from './markup';
import { type RawProblem, tagIdOf, toProblemInput } from './model';
import { PNG, zipOf } from './test-fixtures';

const TESTLIB =
  '#include "testlib.h"\nint main(int c, char** v) { registerTestlibCmd(c, v); quitf(_ok, "ok"); }\n';
const text = (p: RawProblem) => p.tests.map((t) => [t.input.toString(), t.output.toString()]);

describe('HydroOJ zip', () => {
  it('reads several problems: statement, samples, limits, tags, subtasks, testlib checker, images', async () => {
    const zip = await zipOf([
      ['P1/problem.yaml', 'title: 两数之和\ntag:\n  - 动态规划\n  - 不存在的标签\npid: P1\n'],
      [
        'P1/problem_zh.md',
        '## 题目描述\n\n求和。![图](file://a.png)\n\n## 样例\n\n```input1\n1 2\n```\n\n```output1\n3\n```\n',
      ],
      ['P1/problem_en.md', 'English'],
      ['P1/additional_file/a.png', PNG],
      [
        'P1/testdata/config.yaml',
        'time: 2s\nmemory: 128m\nchecker_type: testlib\nchecker: chk.cc\nsubtasks:\n  - score: 30\n    cases:\n      - {input: a1.in, output: a1.out}\n  - score: 70\n    cases:\n      - {input: b1.in, output: b1.ans}\n',
      ],
      ['P1/testdata/chk.cc', TESTLIB],
      ['P1/testdata/a1.in', '1 2\n'],
      ['P1/testdata/a1.out', '3\n'],
      ['P1/testdata/b1.in', '5 5\n'],
      ['P1/testdata/b1.ans', '10\n'],
      ['P2/problem.yaml', 'title: 第二题\n'],
      ['P2/problem.md', '描述'],
      ['P2/testdata/10.in', 'x'],
      ['P2/testdata/10.out', 'y'],
      ['P2/testdata/2.in', 'a'],
      ['P2/testdata/2.ans', 'b'],
      ['P2/testdata/3.in', 'lonely'],
    ]);
    const { format, problems } = await parsePackage(zip);
    expect(format).toBe('hydro');
    const [a, b] = problems;
    expect(a.title).toBe('两数之和');
    expect(a.description).toBe('## 题目描述\n\n求和。![图](file://a.png)\n');
    expect(a.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect([a.timeMs, a.memoryMiB]).toEqual([2000, 128]);
    expect(a.checker).toEqual({ kind: 'special', source: TESTLIB });
    expect(text(a)).toEqual([
      ['1 2\n', '3\n'],
      ['5 5\n', '10\n'],
    ]);
    expect(a.images.map((i) => i.ref)).toEqual(['file://a.png']);
    expect(a.judging?.scoring).toEqual({
      full_score: 100,
      subtasks: [
        { points: 30, tests: [1], scoring: 'min' },
        { points: 70, tests: [2], scoring: 'min' },
      ],
    });
    expect(a.warnings.join('\n')).toMatch(/另有 1 个版本未导入/);
    const input = toProblemInput(a).input!;
    expect(input.tags_list).toEqual([tagIdOf('动态规划')]);
    expect(input.visible).toBe(false);
    expect(a.warnings.join('\n')).toMatch(/标签「不存在的标签」/);

    expect(text(b)).toEqual([
      ['a', 'b'],
      ['x', 'y'],
    ]);
    expect(b.warnings.join('\n')).toMatch(/「3.in」没有对应/);
    toProblemInput(b);
    expect(b.warnings.join('\n')).toMatch(/未给出时间限制/);
  });
});

describe('FPS XML', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2"><generator name="HUSTOJ"/>
<item>
<title><![CDATA[A+B]]></title>
<time_limit unit="s"><![CDATA[1]]></time_limit>
<memory_limit unit="kb"><![CDATA[65536]]></memory_limit>
<img><src><![CDATA[/upload/a.png]]></src><base64><![CDATA[${PNG.toString('base64')}]]></base64></img>
<description><![CDATA[<p>计算 <b>a+b</b></p><img src="/upload/a.png"><script>alert(1)</script>]]></description>
<input><![CDATA[<p>两个整数</p>]]></input>
<output><![CDATA[一个整数]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[1 1
]]></test_input>
<test_output><![CDATA[2
]]></test_output>
<hint><![CDATA[]]></hint>
<source><![CDATA[POJ 动态规划]]></source>
<spj language="C"><![CDATA[int main(){return 0;}]]></spj>
</item>
<item><title>Two</title><time_limit unit="ms">500</time_limit><memory_limit unit="mb">64</memory_limit>
<description>d</description><test_input>a</test_input><test_output>b</test_output></item>
</fps>`;

  it('reads items: units, HTML statement, base64 images, samples, tests, spj, source words as tags', async () => {
    const { format, problems } = await parsePackage(Buffer.from(xml));
    expect(format).toBe('fps');
    const [a, b] = problems;
    expect([a.timeMs, a.memoryMiB, b.timeMs, b.memoryMiB]).toEqual([1000, 64, 500, 64]);
    expect(a.description).toContain('计算 **a+b**');
    expect(a.description).toContain('![](/upload/a.png)');
    expect(a.description).not.toContain('alert');
    expect(a.description).toContain('## 输入格式\n\n两个整数');
    expect(a.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(text(a)).toEqual([['1 1\n', '2\n']]);
    expect(a.images.map((i) => i.ref)).toEqual(['/upload/a.png']);
    expect(a.checker).toEqual({ kind: 'default' });
    // A C program in HUSTOJ's protocol: compiled as C++ it might not build or mean the same.
    expect(a.warnings.join('\n')).toMatch(/使用 HUSTOJ.*不是 C\+\+ 程序.*已改为默认比较/);
    expect(a.tags).toEqual(['动态规划']);
    expect(a.warnings.join('\n')).toMatch(/「POJ」/);
  });

  it('refuses entity definitions (XML bombs) and files without items', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE fps [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><fps><item><title>&b;</title></item></fps>';
    await expect(parsePackage(Buffer.from(bomb))).rejects.toThrow(/实体定义/);
    await expect(parsePackage(Buffer.from('<fps></fps>'))).rejects.toThrow(/没有题目/);
  });
});

describe('QDUOJ zip', () => {
  it('reads problem.json and testcase/, HTML statement, special judge without answers', async () => {
    const json = {
      display_id: 'A1',
      title: '加法',
      description: { format: 'html', value: '<p>求 $a+b$</p>' },
      input_description: { format: 'html', value: '<p>两个数</p>' },
      output_description: { format: 'markdown', value: '和' },
      hint: { format: 'html', value: '' },
      time_limit: 1500,
      memory_limit: 128,
      samples: [{ input: '1 2', output: '3' }],
      tags: ['greedy'],
      source: 'luogu',
      spj: { language: 'C++', code: TESTLIB },
      rule_type: 'OI',
      test_case_score: [
        { input_name: '1.in', output_name: '1.out', score: 50 },
        { input_name: '2.in', output_name: '2.out', score: 50 },
      ],
      template: {},
      answers: [],
    };
    const zip = await zipOf([
      ['1/problem.json', JSON.stringify(json)],
      ['1/testcase/1.in', '1 2'],
      ['1/testcase/2.in', '3 4'],
    ]);
    const { format, problems } = await parsePackage(zip);
    expect(format).toBe('qduoj');
    const [p] = problems;
    expect(p.description).toBe('求 $a+b$\n\n## 输入格式\n\n两个数\n\n## 输出格式\n\n和');
    expect([p.timeMs, p.memoryMiB]).toEqual([1500, 128]);
    expect(p.checker.kind).toBe('special');
    expect(text(p)).toEqual([
      ['1 2', ''],
      ['3 4', ''],
    ]);
    const input = toProblemInput(p).input!;
    expect(input.source_name).toBe('luogu');
    expect(input.tags_list).toEqual([tagIdOf('贪心')]);
    expect(p.judging?.scoring).toEqual({ full_score: 100, test_points: [50, 50] });
  });
});

describe('Polygon package', () => {
  const problemXml = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="sum">
  <names><name language="english" value="Sum"/><name language="chinese" value="求和"/></names>
  <statements><statement language="chinese" path="statements/chinese/problem.tex" type="application/x-tex"/></statements>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests><test method="manual" sample="true"/><test method="manual"/><test cmd="gen 5" method="generated"/></tests>
    </testset>
  </judging>
  <assets><checker name="std::rcmp6.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++"/></checker></assets>
  <tags><tag value="math"/><tag value="implementation"/></tags>
</problem>`;

  it('reads names, limits, statement (tex), tests (missing generated ones warned), standard checker, tags', async () => {
    const props = {
      legend: '给出 \\textbf{两个} 数 $a$ 和 $b$。',
      input: '一行。',
      output: '和。',
      notes: '',
      sampleTests: [{ input: '1 2\n', output: '3\n' }],
    };
    const zip = await zipOf([
      ['sum/problem.xml', problemXml],
      ['sum/statements/chinese/problem-properties.json', JSON.stringify(props)],
      ['sum/tests/01', '1 2\n'],
      ['sum/tests/01.a', '3\n'],
      ['sum/tests/02', '2 2\n'],
      ['sum/tests/02.a', '4\n'],
      ['sum/files/check.cpp', TESTLIB],
    ]);
    const { format, problems } = await parsePackage(zip);
    expect(format).toBe('polygon');
    const [p] = problems;
    expect(p.title).toBe('求和');
    expect(p.english_name).toBe('Sum');
    expect([p.timeMs, p.memoryMiB]).toEqual([2000, 256]);
    expect(p.description).toBe(
      '给出 **两个** 数 $a$ 和 $b$。\n\n## 输入格式\n\n一行。\n\n## 输出格式\n\n和。',
    );
    expect(p.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    expect(text(p)).toEqual([
      ['1 2\n', '3\n'],
      ['2 2\n', '4\n'],
    ]);
    // rcmp6 reads numbers regardless of lines, ours does not: the package's own copy is used.
    expect(p.checker).toEqual({ kind: 'special', source: TESTLIB });
    expect(p.warnings.join('\n')).toMatch(/1 个由生成器生成的测试点不在包中（3）/);
    expect(toProblemInput(p).input!.tags_list).toEqual([tagIdOf('数学'), tagIdOf('模拟')]);
  });
});

describe('Polygon statements in LaTeX files', () => {
  it('reads legend.tex / input.tex, examples, pictures, a custom testlib checker, and warns what it drops', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="pic">
  <names><name language="english" value="Picture"/></names>
  <judging input-file="in.txt" output-file="">
    <testset name="tests"><time-limit>1000</time-limit><memory-limit>67108864</memory-limit>
      <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests><test method="manual" points="10" group="1"/></tests>
    </testset>
  </judging>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++"/></checker>
    <interactor><source path="files/interactor.cpp" type="cpp.g++"/></interactor>
  </assets>
</problem>`;
    const zip = await zipOf([
      ['problem.xml', xml],
      [
        'statements/english/legend.tex',
        'See \\includegraphics{pic.png} and \\emph{this}:\n\\begin{itemize}\n\\item one\n\\end{itemize}',
      ],
      ['statements/english/input.tex', 'One line~$n$.'],
      ['statements/english/example.01', '5\n'],
      ['statements/english/example.01.a', '25\n'],
      ['statements/english/pic.png', PNG],
      ['tests/01', '5\n'],
      ['tests/01.a', '25\n'],
      ['files/check.cpp', TESTLIB],
    ]);
    const [p] = (await parsePackage(zip)).problems;
    expect(p.title).toBe('Picture');
    expect(p.memoryMiB).toBe(64);
    expect(p.description).toBe('See ![](pic.png) and *this*:\n\n- one\n\n## 输入格式\n\nOne line $n$.');
    expect(p.images.map((i) => i.ref)).toEqual(['](pic.png)']);
    expect(p.samples).toEqual([{ input: '5\n', output: '25\n' }]);
    expect(p.checker).toEqual({ kind: 'special', source: TESTLIB });
    const said = p.warnings.join('\n');
    expect(said).toMatch(/文件输入输出/);
    expect(said).toMatch(/找不到交互程序「files\/interactor.cpp」的源文件，已按传统题导入/);
    expect(p.judging).toEqual({
      scoring: { full_score: 10, subtasks: [{ points: 10, tests: [1], scoring: 'min' }] },
    });
  });
});

describe('detection and refusals', () => {
  it('refuses unknown files, unknown zips, traversal and archives over the limits', async () => {
    await expect(parsePackage(Buffer.from('hello'))).rejects.toThrow(/无法识别的文件/);
    await expect(parsePackage(await zipOf([['readme.txt', 'x']]))).rejects.toThrow(/无法识别的压缩包/);
    const evil = Buffer.from(
      (await zipOf([['zz/problem.yaml', 'title: x']])).toString('latin1').split('zz/').join('../'),
      'latin1',
    );
    await expect(parsePackage(evil)).rejects.toThrow(/不合法|不是有效的 zip/);
    const big = await zipOf([
      ['P/problem.yaml', 'title: x'],
      ['P/testdata/1.in', Buffer.alloc(5000)],
    ]);
    await expect(
      parsePackage(big, { entriesMax: 10, fileMaxBytes: 1000, totalMaxBytes: 10_000 }),
    ).rejects.toThrow(/超过/);
    await expect(
      parsePackage(big, { entriesMax: 1, fileMaxBytes: 10_000, totalMaxBytes: 100_000 }),
    ).rejects.toThrow(/文件过多/);
  });

  it('reads a zip bomb only up to the limit (declared sizes checked before inflating)', async () => {
    const bomb = await zipOf([
      ['P/problem.yaml', 'title: x'],
      ['P/testdata/1.in', Buffer.alloc(20 * 1024 * 1024)],
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(
      readArchive(bomb, { entriesMax: 10, fileMaxBytes: 1024 * 1024, totalMaxBytes: 2 * 1024 * 1024 }),
    ).rejects.toThrow(/超过/);
  });
});

describe('statements and round trips of the writers', () => {
  it('splits only what composeStatement wrote, and sample blocks come back exactly', () => {
    const md = composeStatement({ description: '题\n\n$$x$$', input: '一行', output: '', hint: '小心' });
    expect(splitStatement(md)).toEqual({
      description: '题\n\n$$x$$',
      input: '一行',
      output: '',
      hint: '小心',
    });
    expect(splitStatement('## 输入格式\n\nx').description).toBe('## 输入格式\n\nx');
    const samples = [
      { input: '1\n', output: '2\n' },
      { input: '', output: 'x\n' },
    ];
    const back = extractSampleBlocks(appendSampleBlocks('text\n', samples));
    expect(back).toEqual({ text: 'text\n', samples });
  });

  const problem: ExportedProblem = {
    problem_id: 1234,
    chinese_name: '往返',
    english_name: '',
    description: composeStatement({
      description: '见图 ![](/api/files/x.png) 与 ]]> 和 <b>',
      input: '输入 $n$',
      output: '输出',
      hint: '',
    }),
    samples: [{ input: '1 2\n', output: '3\n' }],
    time_limit: 1500,
    memory_limit: 128,
    output_limit: 64 * 1024 * 1024,
    tag_names: ['动态规划', '贪心'],
    source_name: 'codeforces',
    difficulty: 2,
    stop_at_first_failure: false,
    checker: { kind: 'float', tolerance: 0.0001 },
    tests: [
      { input: Buffer.from('1 2\n'), output: Buffer.from('3\n') },
      { input: Buffer.from('5\n'), output: Buffer.from('') },
    ],
    images: [{ url: '/api/files/x.png', name: 'x.png', bytes: PNG }],
  };
  const same = (p: RawProblem) => {
    const input = toProblemInput(p).input!;
    expect(input.chinese_name).toBe(problem.chinese_name);
    expect(input.time_limit).toBe(problem.time_limit);
    expect(input.memory_limit).toBe(problem.memory_limit);
    expect(input.samples).toEqual(problem.samples);
    expect(input.tags_list).toEqual(problem.tag_names.map((t) => tagIdOf(t)));
    expect(input.checker).toEqual(problem.checker);
    expect(text(p)).toEqual(problem.tests.map((t) => [t.input.toString(), t.output.toString()]));
    expect(p.images.map((i) => i.bytes)).toEqual([PNG]);
  };

  it('HydroOJ export reads back the same problem', async () => {
    const { files } = buildHydro([problem]);
    const { problems } = await parsePackage(await zipOf(files.map((f) => [f.name, f.bytes])));
    same(problems[0]);
    expect(problems[0].description.split('file://x.png').join('/api/files/x.png')).toBe(problem.description);
    const input = toProblemInput(problems[0]).input!;
    expect([input.difficulty, input.source_name, input.stop_at_first_failure]).toEqual([
      2,
      'codeforces',
      false,
    ]);
  });

  it('FPS export reads back the same problem', async () => {
    const { xml } = buildFps([problem]);
    const { problems } = await parsePackage(Buffer.from(xml));
    same(problems[0]);
    expect(problems[0].description).toBe(problem.description);
    expect(toProblemInput(problems[0]).input!.source_name).toBe('codeforces');
  });
});

describe('limits on what a package declares (issue 22)', () => {
  const zipWith = (entries: [string, string | Buffer][]) => zipOf(entries);
  const hydro = (config: string, extra: [string, string | Buffer][] = [], meta = 'title: 上限') =>
    zipWith([
      ['P/problem.yaml', meta],
      ['P/problem_zh.md', '题面'],
      ['P/testdata/config.yaml', config],
      ...extra,
    ]);
  const qduoj = (json: Record<string, unknown>) =>
    zipWith([
      [
        '1/problem.json',
        JSON.stringify({ title: '上限', input_description: { format: 'html', value: '' }, ...json }),
      ],
    ]);
  const polygonXml = (testset: string, extra = '') =>
    `<?xml version="1.0"?><problem short-name="lim"><names><name language="chinese" value="上限"/></names>` +
    `<judging><testset name="tests">${testset}</testset></judging>${extra}</problem>`;
  const polygon = (testset: string, entries: [string, string | Buffer][] = [], extra = '') =>
    zipWith([['lim/problem.xml', polygonXml(testset, extra)], ...entries]);
  const times = (n: number, f: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => f(i + 1)).join('');
  const fpsItems = (body: string, n = 1) =>
    Buffer.from(`<fps>${times(n, (i) => `<item><title>第${i}</title>${body}</item>`)}</fps>`);

  const cases: [string, () => Promise<Buffer> | Buffer, string, RegExp][] = [
    [
      'Polygon test-count 4 000 000',
      () => polygonDeclaring(4_000_000),
      'tests',
      /^题目「声明很多测试点」：测试点数量不能超过 200（problem.xml 的 test-count 为 4000000）$/,
    ],
    [
      'Polygon <test> elements',
      () => polygon(`<tests>${times(201, () => '<test method="manual"/>')}</tests>`),
      'tests',
      /测试点数量不能超过 200.*<test>.*201/,
    ],
    [
      'Polygon groups',
      () => polygon(`<groups>${times(201, (i) => `<group name="${i}"/>`)}</groups>`),
      'subtasks',
      /测试组数量不能超过 200/,
    ],
    [
      'Polygon path width',
      () => polygon('<test-count>1</test-count><input-path-pattern>tests/%0999999999d</input-path-pattern>'),
      'pattern',
      /路径模板（input-path-pattern）不合法/,
    ],
    [
      'Polygon tags',
      () => polygon('', [], `<tags>${times(21, (i) => `<tag value="t${i}"/>`)}</tags>`),
      'tags',
      /标签数量不能超过 20/,
    ],
    [
      'Polygon examples',
      () =>
        polygon('', [
          ['lim/statements/chinese/legend.tex', '题'],
          ...Array.from({ length: 11 }, (_, i): [string, string] => [
            `lim/statements/chinese/example.${String(i + 1).padStart(2, '0')}`,
            '1',
          ]),
        ]),
      'samples',
      /样例数量不能超过 10（题面中 example 文件的个数为 11）/,
    ],
    [
      'Polygon problems per package',
      () =>
        zipWith(
          Array.from({ length: 101 }, (_, i): [string, string] => [`p${i}/problem.xml`, polygonXml('')]),
        ),
      'problems',
      /一次最多导入 100 道题目（文件中有 101 道）/,
    ],
    [
      'Polygon XML nesting',
      () => zipWith([['lim/problem.xml', `<problem>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</problem>`]]),
      'nesting',
      /problem.xml 的嵌套层数不能超过 64/,
    ],
    [
      'HydroOJ subtasks',
      () => hydro(`subtasks:\n${times(201, (i) => `  - cases: [{input: ${i}.in}]\n`)}`),
      'subtasks',
      /子任务数量不能超过 200/,
    ],
    [
      'HydroOJ cases',
      () =>
        hydro(`subtasks:\n  - cases:\n${times(201, (i) => `      - {input: ${i}.in, output: ${i}.out}\n`)}`),
      'tests',
      /测试点数量不能超过 200（config.yaml 的 subtasks 中 cases 的个数为 201）/,
    ],
    [
      'HydroOJ .in files',
      () =>
        hydro(
          'time: 1s',
          Array.from({ length: 201 }, (_, i): [string, string] => [`P/testdata/${i}.in`, '1']),
        ),
      'tests',
      /testdata 中 .in 文件的个数为 201/,
    ],
    [
      'HydroOJ tags',
      () => hydro('time: 1s', [], `title: 上限\ntag: [${times(21, (i) => `t${i},`)}]`),
      'tags',
      /标签数量不能超过 20/,
    ],
    [
      'HydroOJ sample blocks',
      () =>
        zipWith([
          ['P/problem.yaml', 'title: 上限'],
          ['P/problem.md', times(11, (i) => `\n\n\`\`\`input${i}\n1\n\`\`\`\n`)],
        ]),
      'samples',
      /样例数量不能超过 10/,
    ],
    [
      'HydroOJ YAML nesting (crashed the process before)',
      () => hydro('time: 1s', [], `title: ${'['.repeat(200_000)}${']'.repeat(200_000)}`),
      'nesting',
      /problem.yaml 的嵌套层数不能超过 64/,
    ],
    [
      'HydroOJ statement size',
      () =>
        zipWith([
          ['P/problem.yaml', 'title: 上限'],
          ['P/problem.md', 'x'.repeat(1024 * 1024 + 1)],
        ]),
      'size',
      /文件「P\/problem.md」不能超过 1 MiB/,
    ],
    [
      'HydroOJ image size',
      () =>
        zipWith([
          ['P/problem.yaml', 'title: 上限'],
          ['P/problem.md', '![](file://a.png)'],
          ['P/additional_file/a.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])],
        ]),
      'images',
      /图片「a.png」不能超过 5 MiB/,
    ],
    [
      'QDUOJ test_case_score',
      () =>
        qduoj({
          test_case_score: Array.from({ length: 201 }, (_, i) => ({ input_name: `${i}.in` })),
        }),
      'tests',
      /test_case_score 的个数为 201/,
    ],
    [
      'QDUOJ samples',
      () => qduoj({ samples: Array.from({ length: 11 }, () => ({ input: '1', output: '1' })) }),
      'samples',
      /样例数量不能超过 10/,
    ],
    [
      'QDUOJ JSON nesting',
      () => qduoj({ tags: JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown }),
      'nesting',
      /problem.json 的嵌套层数不能超过 64/,
    ],
    [
      'QDUOJ HTML nesting',
      () => qduoj({ description: { format: 'html', value: '<div>'.repeat(20_000) } }),
      'nesting',
      /题目描述（description）的嵌套层数不能超过 64/,
    ],
    [
      'FPS items',
      () => fpsItems('<test_input>1</test_input>', 101),
      'problems',
      /一次最多导入 100 道题目（文件中有 101 道）/,
    ],
    [
      'FPS tests in the file',
      () => fpsItems(times(20_001, () => '<test_input>1</test_input>')),
      'tests',
      /1 道题的测试点数量不能超过 200（文件中 <test_input> 的个数为 20001）/,
    ],
    [
      'FPS tests of an item',
      () =>
        Buffer.from(
          fpsItems('', 2)
            .toString()
            .replace('</item>', `${times(201, () => '<test_input>1</test_input>')}</item>`),
        ),
      'tests',
      /题目「第1」：测试点数量不能超过 200（<test_input> 的个数为 201）/,
    ],
    [
      'FPS samples',
      () => fpsItems(times(11, () => '<sample_input>1</sample_input>')),
      'samples',
      /样例数量不能超过 10/,
    ],
    [
      'FPS HTML nesting',
      () => fpsItems(`<description><![CDATA[${'<span>'.repeat(50_000)}]]></description>`),
      'nesting',
      /题目描述（description）的嵌套层数不能超过 64/,
    ],
    [
      'FPS XML nesting',
      () => fpsItems(`<description>${'<b>'.repeat(100)}${'</b>'.repeat(100)}</description>`),
      'nesting',
      /XML 文件的嵌套层数不能超过 64/,
    ],
    [
      'FPS field size',
      () => fpsItems(`<hint><![CDATA[${'x'.repeat(1024 * 1024 + 1)}]]></hint>`),
      'size',
      /提示（hint）不能超过 1 MiB/,
    ],
  ];

  it.each(cases)('refuses %s, naming the field', async (_name, build, field, message) => {
    const bytes = await build();
    const err = await parsePackage(bytes).then(
      () => null,
      (e: AppError) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect([err!.field, err!.message]).toEqual([field, expect.stringMatching(message)]);
  });

  it('takes a package at the limits', async () => {
    const { problems } = await parsePackage(
      await hydro(
        `subtasks:\n  - cases:\n${times(200, (i) => `      - {input: ${i}.in, output: ${i}.out}\n`)}`,
        [
          ...Array.from({ length: 200 }, (_, i): [string, string] => [`P/testdata/${i + 1}.in`, `${i}`]),
          ...Array.from({ length: 200 }, (_, i): [string, string] => [`P/testdata/${i + 1}.out`, `${i}`]),
        ],
      ),
    );
    expect(problems[0].tests).toHaveLength(200);
    expect((await parsePackage(fpsPackage(100))).problems).toHaveLength(100);
  });
});
