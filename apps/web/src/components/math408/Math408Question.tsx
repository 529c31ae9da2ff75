import { useEffect, useRef, useState } from 'react';
import Alert from '../plain/Alert';
import Card from '../plain/Card';
import Result from '../plain/Result';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import Skeleton from '../plain/Skeleton';
import { Tag } from '../plain/Tag';
import { Link, useNavigate } from 'react-router';
import { QUESTION_TYPE_NAMES } from '@oj/shared/data/question-types';
import { LANGUAGES, type Language, type Math408QuestionView, type Math408Record } from '../../lib/contract';
import { useRefreshContestProblems } from '../../api/competitions';
import { answerQuestion, useQuestion, useRefreshQuestion } from '../../api/math408';
import { watchSubmission } from '../../api/problems';
import CodeEditor from '../CodeEditor';
import DifficultyTag from '../DifficultyTag';
import { MarkdownView } from '../MarkdownView';
import { NativeSelect } from '../NativeSelect';
import VerdictTag from '../VerdictTag';
import SelfMark from './SelfMark';
import { isLoggedIn, useUserStore } from '../../stores/user';
import { loadCode, saveCode } from '../solve/codeStore';
import '../problem.css';
import { loginPath } from '../../lib/account';

/** Answering inside a math / 408 contest: the answer carries the contest and the problem's position. */
export interface ContestContext {
  competitionId: number;
  index: number;
  /** False when the viewer may not answer now (not joined, not started). */
  canSubmit: boolean;
  blockedReason?: string;
  /** The contest's letter and display title, shown instead of the bank's id and title. */
  heading?: { letter: string; title: string };
}

/** An option's text may hold math ($…$): rendered like the question (by the server). */
const OptionText = ({ k, text, html }: { k: string; text: string; html: string }) => (
  <span className="oj-option-text">
    <b>{k}.</b> <MarkdownView text={text} html={html} className="oj-inline-md" />
  </span>
);

/** The outcome of an answer, in words (choice), as a verdict (programming) or as "submitted" (short). */
function Outcome({ record }: { record: Math408Record }) {
  if (record.status === 'correct')
    return <Alert type="success" message="回答正确" data-testid="answer-outcome" />;
  if (record.status === 'wrong')
    return (
      <Alert
        type="error"
        // During a contest the right answer is withheld (correct_answer is null).
        message={record.correct_answer ? `回答错误，正确答案：${record.correct_answer.join('')}` : '回答错误'}
        data-testid="answer-outcome"
      />
    );
  if (record.status === 'submitted')
    return (
      <Alert
        type="info"
        message={record.reference_answer ? '已提交，参考答案见下方' : '已提交（简答题不自动判分）'}
        data-testid="answer-outcome"
      />
    );
  return (
    <div className="oj-wrap-row" data-testid="answer-outcome">
      <VerdictTag status={record.status} full />
      {record.submission_id && record.problem_id && (
        // The record page belongs to the hidden algorithm problem that judged the answer.
        <Link to={`/problems/${record.problem_id}/records/${record.submission_id}`}>查看评测记录</Link>
      )}
    </div>
  );
}

function Answers({ q }: { q: Math408QuestionView }) {
  // Nothing is revealed before the first answer, nor while a contest with this question runs.
  if (!q.answered || !(q.answer?.length || q.reference_answer || q.reference_code || q.explanation))
    return null;
  return (
    <Card size="small" title="答案与解析" style={{ marginTop: 16 }} data-testid="reference">
      {q.answer && q.answer.length > 0 && <p>正确答案：{q.answer.join('')}</p>}
      {q.reference_answer && (
        <MarkdownView text={q.reference_answer} html={q.reference_answer_html ?? undefined} />
      )}
      {q.reference_code && (
        <pre className="oj-pre">{`// ${q.reference_code.language}\n${q.reference_code.code}`}</pre>
      )}
      {q.explanation && <MarkdownView text={q.explanation} html={q.explanation_html ?? undefined} />}
    </Card>
  );
}

/** One math / 408 question with its answer form: single / multiple choice, short answer, programming. */
export default function Math408Question({ id, contest }: { id: number; contest?: ContestContext }) {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const refreshQuestion = useRefreshQuestion();
  const refreshContestProblems = useRefreshContestProblems();
  const { data: q, isError } = useQuestion(id);
  const [choices, setChoices] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>('C++');
  // Programming answers are kept like algorithm code, under a key of their own (negative ids).
  const [code, setCode] = useState(() => loadCode(-id, 'C++'));
  const [record, setRecord] = useState<Math408Record | null>(null);
  const [busy, setBusy] = useState(false);
  // The verdict stream of the last programming answer: closed by the next answer or on leaving.
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  if (isError || !Number.isInteger(id) || id < 1)
    return (
      <div className="oj-container-narrow oj-panel">
        <Result
          status="404"
          title="题目不存在"
          extra={contest ? null : <Button onClick={() => navigate('/problems')}>返回题库</Button>}
        />
      </div>
    );
  if (!q)
    return (
      <div className="oj-math408 oj-panel">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  const submit = async () => {
    if (!isLoggedIn(user)) return navigate(loginPath('answer', `/problems/math408/${id}`));
    setBusy(true);
    try {
      const where = contest ? { competition_id: contest.competitionId, index: contest.index } : {};
      const body =
        q.type === 'programming'
          ? { question_id: id, language, source_code: code }
          : q.type === 'short'
            ? { question_id: id, text }
            : { question_id: id, choices };
      const r = await answerQuestion({ ...body, ...where });
      setRecord(r);
      stopWatching.current?.();
      if (r.submission_id)
        stopWatching.current = watchSubmission(
          r.submission_id,
          (e) => e.kind === 'done' && setRecord({ ...r, status: e.record.status }),
          () => undefined,
        );
      await refreshQuestion(id);
      // The contest's problem list shows my status and solve counts.
      if (contest) await refreshContestProblems(contest.competitionId);
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };

  const right = new Set(q.answer ?? []);
  const optionClass = (k: string) =>
    !q.answered || !q.answer
      ? 'oj-option'
      : right.has(k)
        ? 'oj-option oj-option-right'
        : choices.includes(k)
          ? 'oj-option oj-option-wrong'
          : 'oj-option';

  return (
    <div className="oj-math408 oj-links" data-testid="math408-page">
      <Card>
        <div className="oj-wrap-row" style={{ marginBottom: 8 }}>
          <Tag color="geekblue">{QUESTION_TYPE_NAMES[q.type]}</Tag>
          <DifficultyTag difficulty={q.difficulty} />
        </div>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {contest?.heading ? (
            <span data-testid="contest-problem-title">
              <Tag color="blue">{contest.heading.letter}</Tag>
              {contest.heading.title}
            </span>
          ) : (
            <>
              {q.question_id}. {q.title}
            </>
          )}
        </Typography.Title>
        <MarkdownView text={q.content} html={q.content_html} />
        {(q.type === 'single' || q.type === 'multiple') && (
          <div role={q.type === 'single' ? 'radiogroup' : 'group'} aria-label="选项">
            {q.options.map((o) => (
              <label key={o.key} className={optionClass(o.key)}>
                <input
                  type={q.type === 'single' ? 'radio' : 'checkbox'}
                  name={`question-${id}`}
                  value={o.key}
                  checked={choices.includes(o.key)}
                  onChange={(e) =>
                    setChoices(
                      q.type === 'single'
                        ? [o.key]
                        : e.target.checked
                          ? [...choices, o.key].sort()
                          : choices.filter((k) => k !== o.key),
                    )
                  }
                />
                <OptionText k={o.key} text={o.content} html={o.content_html} />
              </label>
            ))}
          </div>
        )}
        {q.type === 'short' && (
          <textarea
            className="oj-input oj-textarea"
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="写下你的答案"
            aria-label="你的答案"
            data-testid="short-answer"
          />
        )}
        {q.type === 'programming' && (
          <div>
            {q.time_limit && (
              <Typography.Text type="secondary">
                时间限制 {q.time_limit} ms · 内存限制 {q.memory_limit} MiB
              </Typography.Text>
            )}
            {q.samples.map((s, i) => (
              <div key={i} className="oj-sample-pair">
                <div className="oj-sample">
                  <div className="oj-sample-head">输入 #{i + 1}</div>
                  <pre>{s.input}</pre>
                </div>
                <div className="oj-sample">
                  <div className="oj-sample-head">输出 #{i + 1}</div>
                  <pre>{s.output}</pre>
                </div>
              </div>
            ))}
            <NativeSelect<Language>
              value={language}
              onChange={(l) => {
                setLanguage(l);
                setCode(loadCode(-id, l));
              }}
              options={LANGUAGES.map((l) => ({ value: l, label: l }))}
              style={{ width: 130, margin: '8px 0' }}
              aria-label="语言"
            />
            <CodeEditor
              loadWhenUsed
              value={code}
              language={language}
              height="360px"
              onChange={(v) => {
                setCode(v);
                saveCode(-id, language, v);
              }}
            />
          </div>
        )}
        <Button
          type="primary"
          style={{ marginTop: 16 }}
          loading={busy}
          onClick={() => void submit()}
          data-testid="answer-submit"
          disabled={
            (contest && !contest.canSubmit) ||
            ((q.type === 'single' || q.type === 'multiple') && choices.length === 0)
          }
        >
          提交答案
        </Button>
        {contest && !contest.canSubmit && contest.blockedReason && (
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            {contest.blockedReason}
          </Typography.Text>
        )}
        {record && (
          <div style={{ marginTop: 12 }}>
            <Outcome record={record} />
            <SelfMark
              record={record}
              onMarked={(r) => {
                setRecord(r);
                void refreshQuestion(id);
              }}
            />
          </div>
        )}
      </Card>
      <Answers q={q} />
    </div>
  );
}
