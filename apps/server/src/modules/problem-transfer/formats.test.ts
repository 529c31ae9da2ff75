import { describe, expect, it } from 'vitest';
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
    expect(a.warnings.join('\n')).toMatch(/子任务（2 个）/);
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
    expect(a.warnings.join('\n')).toMatch(/不是 testlib 协议/);
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
    expect(p.warnings.join('\n')).toMatch(/OI 赛制/);
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
    expect(p.checker).toEqual({ kind: 'float', tolerance: 1e-6 });
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
    expect(said).toMatch(/交互器/);
    expect(said).toMatch(/测试组/);
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
