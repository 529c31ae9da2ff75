import { Suspense } from 'react';
import Descriptions from '../plain/Descriptions';
import Button from '../plain/Button';
import { Tag } from '../plain/Tag';
import { CopyOutlined } from '@ant-design/icons';
import type { Problem } from '../../lib/contract';
import { useJudgeInfo } from '../../api/home-queries';
import DifficultyTag from '../DifficultyTag';
import { factorNotes } from './languages';
import { useHideTags } from '../../stores/hideTags';
import { PROBLEM_TYPE_LABELS } from './problemTypes';
import { MarkdownView } from '../MarkdownView';
import { copyText } from '../copyBlock';
import { samplesInText } from '@oj/shared/samples';
import { SOURCE_NAMES, formatBytes } from '../verdicts';
import { lazyScoped } from '../../lib/antdScope';

// Parts only some problems have (a video, judging notes, subtask scoring) load with those problems:
// the plain statement needs none of their antd parts (modal, table, collapse).
const SolutionVideo = lazyScoped(() => import('./SolutionVideo'));
const JudgingNotes = lazyScoped(() => import('./JudgingInfo').then((m) => ({ default: m.JudgingNotes })));
const ScoringInfo = lazyScoped(() => import('./JudgingInfo').then((m) => ({ default: m.ScoringInfo })));

/** The judge's default output limit: a problem that keeps it does not mention it. */
const DEFAULT_OUTPUT_LIMIT = 64 * 1024 * 1024;

function Sample({ label, text }: { label: string; text: string }) {
  return (
    <div className="oj-sample">
      <div className="oj-sample-head">
        <span>{label}</span>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          onClick={() => void copyText(text)}
          aria-label={`复制${label}`}
        >
          复制
        </Button>
      </div>
      <pre>{text}</pre>
    </div>
  );
}

/**
 * How a contest shows the problem (issue 16): its letter and display title instead of the bank's
 * id and title, and the contest's own figures (participants who solved / tried it, as the
 * viewer's scoreboard shows them during a freeze) instead of the bank's pass rate.
 */
export interface ContestHeading {
  letter: string;
  title: string;
  solved: number | null;
  tried: number | null;
}

/** The statement: title, limits, tags, markdown body with KaTeX, samples with copy buttons. */
export default function Statement({ problem, contest }: { problem: Problem; contest?: ContestHeading }) {
  // Per-language factors (issue 25): the limits each language really gets, next to the problem's.
  const info = useJudgeInfo();
  const factors = factorNotes(info.data?.languages ?? [], problem);
  // 隐藏算法标签 (issue 29): the viewer chose not to see the method.
  const [hideTags] = useHideTags();
  return (
    <div data-testid="statement">
      {contest ? (
        <h3 className="oj-statement-title" data-testid="contest-problem-title">
          <Tag color="blue" style={{ fontSize: 18, lineHeight: '28px', verticalAlign: 'middle' }}>
            {contest.letter}
          </Tag>
          {contest.title}
        </h3>
      ) : (
        <>
          <h3 className="oj-statement-title">
            {problem.problem_id}. {problem.chinese_name}
          </h3>
          {problem.english_name && <span className="oj-text-secondary">{problem.english_name}</span>}
          {problem.has_video && (
            <span style={{ marginLeft: 12 }}>
              <Suspense fallback={null}>
                <SolutionVideo problemId={problem.problem_id} />
              </Suspense>
            </span>
          )}
        </>
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ margin: '12px 0' }}>
        <Descriptions.Item label="难度">
          <DifficultyTag difficulty={problem.difficulty} />
        </Descriptions.Item>
        {problem.class_problem && !contest && (
          <Descriptions.Item label="范围">
            <Tag color="geekblue" data-testid="class-problem-tag">
              班级题目
            </Tag>
          </Descriptions.Item>
        )}
        {problem.judging && problem.judging.type !== 'batch' && (
          <Descriptions.Item label="题目类型">
            <Tag color="purple" data-testid="problem-type">
              {PROBLEM_TYPE_LABELS[problem.judging.type]}
            </Tag>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="时间限制">{problem.time_limit} ms</Descriptions.Item>
        <Descriptions.Item label="内存限制">{problem.memory_limit} MiB</Descriptions.Item>
        {factors.length > 0 && (
          <Descriptions.Item label="语言倍率">
            <span data-testid="language-factors">{factors.join('；')}</span>
          </Descriptions.Item>
        )}
        {problem.languages && (
          <Descriptions.Item label="可用语言">
            <span data-testid="problem-languages">{problem.languages.join('、')}</span>
          </Descriptions.Item>
        )}
        {problem.output_limit !== DEFAULT_OUTPUT_LIMIT && (
          <Descriptions.Item label="输出限制">{formatBytes(problem.output_limit)}</Descriptions.Item>
        )}
        {!contest && (
          <Descriptions.Item label="来源">
            {SOURCE_NAMES[problem.source_name] ?? problem.source_name}
          </Descriptions.Item>
        )}
        {contest ? (
          <Descriptions.Item label="本场通过 / 尝试">
            <span data-testid="contest-figures">
              {contest.solved ?? '-'} / {contest.tried ?? '-'} 人
            </span>
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label="通过率">
            {(problem.pass_rate * 100).toFixed(1)}%（{problem.accept_num}/{problem.submit_num}）
          </Descriptions.Item>
        )}
        <Descriptions.Item label="评测方式">
          {problem.checker.kind === 'special'
            ? '特判'
            : problem.checker.kind === 'float'
              ? `浮点误差 ${problem.checker.tolerance}${problem.checker.case_insensitive ? '，忽略大小写' : ''}`
              : problem.checker.case_insensitive
                ? '逐行比较（忽略大小写）'
                : '逐行比较'}
        </Descriptions.Item>
      </Descriptions>
      <div className="oj-statement-tags">
        {!contest &&
          !hideTags &&
          problem.tags.map((t) => (
            <Tag key={t.tag_id} color="blue" bordered={false}>
              {t.tag_name}
            </Tag>
          ))}
      </div>
      {problem.judging &&
        (problem.judging.file_io || problem.judging.grader || problem.judging.type !== 'batch') && (
          <Suspense fallback={null}>
            <JudgingNotes problem={problem} />
          </Suspense>
        )}
      <MarkdownView text={problem.description} />
      {problem.samples.length > 0 && !samplesInText(problem.description, problem.samples) && (
        <div className="oj-samples">
          <h5 className="oj-statement-heading">样例</h5>
          {problem.samples.map((s, i) => (
            <div key={i} className="oj-sample-pair" data-testid="sample">
              <Sample label={`输入 #${i + 1}`} text={s.input} />
              <Sample label={`输出 #${i + 1}`} text={s.output} />
            </div>
          ))}
        </div>
      )}
      {problem.judging?.scoring && (
        <Suspense fallback={null}>
          <ScoringInfo problem={problem} />
        </Suspense>
      )}
    </div>
  );
}
