import { useEffect, useState } from 'react';
import Alert from '../plain/Alert';
import Descriptions from '../plain/Descriptions';
import Bar from '../plain/Progress';
import Card from '../plain/Card';
import Result from '../plain/Result';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import Skeleton from '../plain/Skeleton';
import { Link, useNavigate } from 'react-router';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { SubmissionRecord } from '../../lib/contract';
import { useRecord, watchSubmission } from '../../api/problems';
import { useReplayLink } from '../../api/replays';
import { CodeView } from '../CodeView';
import RatingName from '../rating/RatingName';
import { formatMemory, formatTime, verdictStyle } from '../verdicts';
import TestResults from './TestResults';
import AnswerFiles from './AnswerFiles';
import { languageText, scoreText } from './score';
import { applyEvent, progressPercent, progressText, startProgress, type Progress } from './progress';
import { useUserStore } from '../../stores/user';
import '../problem.css';

import SubtaskResults from './SubtaskResults';

/**
 * One record, live (the bank's record page and the contest's). It follows the submission for as
 * long as it is shown, so an admin's rejudge flips it back to 评测中 with per-test progress and then
 * shows the new verdict, without a reload. `problemId`: the address's, for the problem link while the
 * record has none.
 */
export default function RecordView({
  submissionId,
  problemId,
}: {
  submissionId: string | undefined;
  problemId?: string;
}) {
  const id = Number(submissionId);
  const navigate = useNavigate();
  const query = useRecord(Number.isInteger(id) ? id : 0);
  // The code replay of this submission, when there is one the viewer may play.
  const replay = useReplayLink(id);
  const [live, setLive] = useState<SubmissionRecord | null>(null);
  /** A judge run under way (first judging or a rejudge), folded from the stream. */
  const [run, setRun] = useState<Progress | null>(null);
  const judged = live ?? query.data;
  const viewerId = useUserStore((s) => s.user.uuid);
  const record: SubmissionRecord | undefined =
    judged && run
      ? {
          ...judged,
          status: 'PD',
          time_used: 0,
          memory_used: 0,
          compile_message: '',
          message: '',
          judge_time: null,
          score: null,
          subtasks: [],
          test_results: run.results,
        }
      : judged;

  // One following stream per open record (`refetch` is stable; the query object is new every render).
  const exists = query.data !== undefined;
  const { refetch } = query;
  useEffect(() => {
    if (!exists) return;
    let p: Progress | null = null;
    return watchSubmission(
      id,
      (e) => {
        if (e.kind === 'done') {
          p = null;
          setRun(null);
          setLive(e.record);
        } else {
          p = applyEvent(p ?? startProgress(id), e);
          setRun(p);
        }
      },
      () => void refetch(),
      { follow: true },
    );
  }, [exists, id, refetch]);

  if (query.isError || !Number.isInteger(id))
    return (
      <div className="oj-container-narrow oj-panel">
        <Result
          status="404"
          title="提交记录不存在"
          extra={<Button onClick={() => navigate('/problems')}>返回题库</Button>}
        />
      </div>
    );
  if (!record)
    return (
      <div className="oj-record oj-panel">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const v = verdictStyle(record.status);
  return (
    <div className="oj-record" data-testid="record-page">
      <Card>
        <div className="oj-record-title">
          <Typography.Title level={4} style={{ margin: 0 }}>
            提交记录 #{record.submission_id}
          </Typography.Title>
          {replay.data && (
            <Link to={`/code-replay/${replay.data.id}`} data-testid="record-replay-link">
              <PlayCircleOutlined /> 代码回放
            </Link>
          )}
        </div>
        <div
          className="oj-verdict-big"
          style={{ color: v.color, marginBottom: 12 }}
          data-testid="record-verdict"
          data-verdict={record.frozen ? 'frozen' : record.status}
        >
          {run
            ? `评测中 · ${progressText(run)}`
            : record.frozen
              ? // Hidden from its own author only in a running OI contest; otherwise by a freeze.
                record.uuid === viewerId
                ? '已提交 · 结果将在比赛结束后公布'
                : '已封榜 · 结果将在解除封榜后公布'
              : `${record.status} · ${v.name}（${v.short}）`}
          {!run && !record.frozen && scoreText(record) && (
            <span data-testid="record-score"> · {scoreText(record)} 分</span>
          )}
        </div>
        {run && run.total > 0 && (
          <Bar
            percent={progressPercent(run)}
            size="small"
            style={{ marginBottom: 8 }}
            data-testid="record-progress"
          />
        )}
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="题目">
            <Link to={`/problems/algorithm/${record.problem_id || problemId}`}>
              {record.problem_id}. {record.problem_name}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label="提交者">
            <span data-testid="record-author">
              <RatingName
                name={record.username}
                rating={record.rating}
                rated={record.rated}
                uuid={record.uuid}
              />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="语言">
            <span data-testid="record-language">{languageText(record.language, record.options)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="用时">{formatTime(record.time_used)}</Descriptions.Item>
          <Descriptions.Item label="内存">{formatMemory(record.memory_used)}</Descriptions.Item>
          {record.language !== null && (
            <Descriptions.Item label="代码长度">{record.code_length} B</Descriptions.Item>
          )}
          {record.full_score !== null && (
            <Descriptions.Item label="得分">{scoreText(record) || '评测中'}</Descriptions.Item>
          )}
          <Descriptions.Item label="提交时间">
            {new Date(record.create_time).toLocaleString('zh-CN')}
          </Descriptions.Item>
          <Descriptions.Item label="评测时间">
            {record.judge_time
              ? new Date(record.judge_time).toLocaleString('zh-CN')
              : record.frozen
                ? '封榜中'
                : '评测中'}
          </Descriptions.Item>
          <Descriptions.Item label="测试点">
            {record.test_results.filter((t) => t.status === 'AC').length} / {record.test_total} 通过
          </Descriptions.Item>
        </Descriptions>
        {record.message && (
          <div style={{ marginTop: 12 }}>
            <Alert type="error" message={record.message} />
          </div>
        )}
      </Card>
      {record.compiler && (
        <Card title="编译器与编译命令" size="small" style={{ marginTop: 16 }}>
          <pre className="oj-pre" data-testid="record-compiler">
            {record.compiler}
          </pre>
        </Card>
      )}
      {record.compile_message && (
        <Card title="编译信息" size="small" style={{ marginTop: 16 }}>
          <pre className="oj-pre" data-testid="compile-message">
            {record.compile_message}
          </pre>
        </Card>
      )}
      {record.subtasks.length > 0 && !record.frozen && (
        <Card title="子任务" size="small" style={{ marginTop: 16 }}>
          <SubtaskResults subtasks={record.subtasks} />
        </Card>
      )}
      <Card title="测试点" size="small" style={{ marginTop: 16 }}>
        <TestResults
          results={record.test_results}
          emptyText={
            record.frozen
              ? '封榜期间不公布他人的测试点结果'
              : record.status === 'PD'
                ? '评测中…'
                : '没有测试点结果'
          }
          testId="test-table"
        />
      </Card>
      {record.answer_files && <AnswerFiles files={record.answer_files} />}
      {record.source_code !== null && record.language !== null && (
        <Card title="源代码" size="small" style={{ marginTop: 16 }}>
          <CodeView code={record.source_code} language={record.language} html={record.source_html} />
        </Card>
      )}
    </div>
  );
}
