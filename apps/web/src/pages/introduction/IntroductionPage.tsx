import { Typography } from '../../components/plain/Typography';
import Skeleton from '../../components/plain/Skeleton';
import { Link } from 'react-router';
import { useJudgeInfo } from '../../api/home-queries';
import { verdictStyle } from '../../components/verdicts';
import { PRODUCT_NAME } from '../../config';
import { STANDARDS_OF, standardLabel } from '../../lib/contract';
import './introduction.css';

/**
 * /introduction (网站介绍): what the site offers and how judging works. The language table, the
 * limits and the verdicts come from the judge itself (`/api/judge/languages`), so they never go stale.
 */
export default function IntroductionPage() {
  const info = useJudgeInfo();
  const d = info.data;
  return (
    <div className="oj-container-narrow oj-panel oj-intro" data-testid="introduction-page">
      <Typography>
        <Typography.Title level={2}>网站介绍</Typography.Title>
        <Typography.Paragraph>
          {PRODUCT_NAME} 是一个中文在线评测（Online
          Judge）与编程学习网站，服务于高校实验室的同学和所有热爱编程的人。
        </Typography.Paragraph>
        <Typography.Title level={4}>你可以在这里</Typography.Title>
        <ul>
          <li>
            在<Link to="/problems">题库</Link>
            中按标签、难度、来源挑选算法题，提交代码后由评测机在沙箱中编译运行并给出结果；
          </li>
          <li>
            练习数学与 408 考研题目，跟随<Link to="/study">学习计划与课程</Link>系统地学习；
          </li>
          <li>
            参加或创建限时<Link to="/competition">比赛</Link>，查看实时排名和 Rating 变化；
          </li>
          <li>
            发布题解与问答，在<Link to="/requirements">需求模块</Link>提建议；在{' '}
            <Link to="/special">Byte专栏</Link> 使用代码回放、代码片段、Markdown 编辑器等小工具。
          </li>
        </ul>

        <Typography.Title level={4}>评测是怎样进行的</Typography.Title>
        <Typography.Paragraph>
          每次提交都在独立的沙箱里编译和运行：新的进程、网络与文件系统命名空间，只读的编译器文件，非特权用户，
          并用 cgroup 精确计量整个进程树的 CPU
          时间和内存峰值。程序逐个测试点运行，默认在第一个未通过的测试点停止；
          输出与标准答案逐个单词比较（忽略行末空白），有的题目使用浮点误差比较或特判程序（testlib）。
        </Typography.Paragraph>
        {info.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
        {info.isError && (
          <Typography.Paragraph type="secondary">评测信息加载失败，请稍后刷新重试。</Typography.Paragraph>
        )}
        {d && (
          <>
            <Typography.Title level={5}>限制</Typography.Title>
            <ul data-testid="intro-limits">
              <li>
                时间限制：每题 {d.limits.time_min_ms} – {d.limits.time_max_ms} 毫秒，按 CPU 时间计；
              </li>
              <li>
                内存限制：每题 {d.limits.memory_min_mib} – {d.limits.memory_max_mib}{' '}
                MiB，按整个进程树的峰值计；
              </li>
              <li>
                输出上限 {d.limits.output_max_mib} MiB；编译最多 {d.limits.compile_time_s} 秒 CPU 时间；
              </li>
              <li>每题最多 {d.limits.tests_max} 个测试点。</li>
            </ul>

            <Typography.Title level={5}>语言与编译命令</Typography.Title>
            <div className="oj-intro-scroll">
              <table className="oj-intro-table" data-testid="intro-languages">
                <thead>
                  <tr>
                    <th>语言</th>
                    <th>版本</th>
                    <th>编译 / 检查</th>
                    <th>运行</th>
                    <th>说明</th>
                  </tr>
                </thead>
                <tbody>
                  {d.languages
                    .filter((l) => l.available)
                    .map((l) => (
                      <tr key={l.name} data-testid={`intro-lang-${l.name}`}>
                        <td>
                          <b>{l.name}</b>
                          <div className="oj-intro-muted">{l.source_file}</div>
                        </td>
                        <td>{l.version || <span className="oj-intro-muted">未安装</span>}</td>
                        <td>
                          <code>{l.compile}</code>
                        </td>
                        <td>
                          <code>{l.run}</code>
                        </td>
                        <td>
                          {l.time_factor === 1 ? '时间不放宽' : `时间 ×${l.time_factor}`}
                          {l.memory_factor !== 1 && `；内存 ×${l.memory_factor}`}
                          {l.memory_extra_mib > 0 && `；运行时另加 ${l.memory_extra_mib} MiB`}
                          {STANDARDS_OF[l.name] &&
                            `；可选 ${STANDARDS_OF[l.name]!.standards.map(standardLabel).join(' / ')}，默认 ${standardLabel(STANDARDS_OF[l.name]!.default)}，O2 默认开启`}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
            <Typography.Paragraph type="secondary" className="oj-intro-note">
              运行命令以 256 MiB 内存限制为例，实际参数随题目的限制变化。
              {d.languages.some((l) => !l.available) && (
                <span data-testid="intro-other-languages">
                  评测机还支持{' '}
                  {d.languages
                    .filter((l) => !l.available)
                    .map((l) => l.name)
                    .join('、')}
                  ，由管理员启用后即可使用。
                </span>
              )}
            </Typography.Paragraph>

            <Typography.Title level={5}>评测结果</Typography.Title>
            <div className="oj-intro-scroll">
              <table className="oj-intro-table" data-testid="intro-verdicts">
                <tbody>
                  {d.verdicts.map((v) => (
                    <tr key={v.code}>
                      <td className="oj-intro-verdict" style={{ color: verdictStyle(v.code).color }}>
                        <b>{v.code}</b>
                        <div>{v.chinese}</div>
                      </td>
                      <td>
                        <div className="oj-intro-muted">{v.name}</div>
                        {v.meaning}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Typography>
    </div>
  );
}
