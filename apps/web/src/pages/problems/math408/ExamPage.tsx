import { useEffect, useRef, useState } from 'react';
import Alert from '../../../components/plain/Alert';
import Card from '../../../components/plain/Card';
import Popconfirm from '../../../components/plain/Popconfirm';
import { Typography } from '../../../components/plain/Typography';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { Link, useSearchParams } from 'react-router';
import { QUESTION_TYPE_NAMES } from '@oj/shared/data/question-types';
import type {
  Math408ExamQuestion,
  Math408ExamResult,
  Math408ExamSubmit,
  Math408Record,
} from '../../../lib/contract';
import { drawExam, submitExam } from '../../../api/math408';
import DifficultyTag from '../../../components/DifficultyTag';
import { MarkdownView } from '../../../components/MarkdownView';
import SelfMark from '../../../components/math408/SelfMark';
import { filterFromParams } from '../../../components/math408/bankFilter';
import ExamStartForm, { type ExamSettings } from './ExamStartForm';
import '../../../components/problem.css';
import '../../../components/math408/practice.css';

/** What the learner wrote for one question until 交卷 (choices, or a short answer's text). */
interface Draft {
  choices: string[];
  text: string;
}
/** A running exam, kept in this browser until 交卷 so a reload does not lose it. */
interface RunningExam {
  paper: Math408ExamQuestion[];
  deadline: number;
  drafts: Record<number, Draft>;
}
type Results = Math408ExamResult;

const STORE = 'oj-math408-exam';
const EMPTY: Draft = { choices: [], text: '' };

function loadRunning(): RunningExam | null {
  try {
    const raw = localStorage.getItem(STORE);
    return raw ? (JSON.parse(raw) as RunningExam) : null;
  } catch {
    return null;
  }
}
const saveRunning = (e: RunningExam | null) =>
  e ? localStorage.setItem(STORE, JSON.stringify(e)) : localStorage.removeItem(STORE);

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** A choice counts 1 when right; a short answer by its self-mark (right 1, partly 0.5). */
function points(r: Math408Record | null | undefined): number {
  if (!r) return 0;
  if (r.type === 'short') return r.self_mark === 'right' ? 1 : r.self_mark === 'partial' ? 0.5 : 0;
  return r.status === 'correct' ? 1 : 0;
}

/**
 * /problems/math408/exam, 考试模式: a set drawn at random from a filter of the bank, timed; the
 * answers stay in this browser until 交卷 (or time up), then are stored as ordinary answers and
 * marked: the score, and per question right / wrong with its key and explanation, shown only now.
 * Short answers are self-marked after 交卷.
 */
export default function ExamPage() {
  const [params] = useSearchParams();
  const [running, setRunning] = useState<RunningExam | null>(loadRunning);
  const [marked, setMarked] = useState<{ paper: Math408ExamQuestion[]; results: Results } | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  const submitting = useRef(false);

  const start = async (v: ExamSettings) => {
    setBusy(true);
    try {
      const { minutes, ...draw } = v;
      const paper = await drawExam(draw);
      const exam = { paper, deadline: Date.now() + minutes * 60_000, drafts: {} };
      saveRunning(exam);
      setRunning(exam);
      setNow(Date.now());
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };

  const hand = async (exam: RunningExam) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      const answers = exam.paper.flatMap((q): Math408ExamSubmit['answers'] => {
        const d = exam.drafts[q.question_id];
        if (!d) return [];
        if (q.type === 'short') return d.text.trim() ? [{ question_id: q.question_id, text: d.text }] : [];
        return d.choices.length ? [{ question_id: q.question_id, choices: d.choices }] : [];
      });
      const results = answers.length ? await submitExam({ answers }) : [];
      saveRunning(null);
      setRunning(null);
      setMarked({ paper: exam.paper, results });
    } catch {
      // toast shown; the answers stay kept, 交卷 may be tried again
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  // The clock; time up hands the paper in.
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  useEffect(() => {
    if (running && now >= running.deadline) void hand(running);
  });

  const setDraft = (id: number, d: Partial<Draft>) =>
    setRunning((e) => {
      if (!e) return e;
      const next = { ...e, drafts: { ...e.drafts, [id]: { ...EMPTY, ...e.drafts[id], ...d } } };
      saveRunning(next);
      return next;
    });

  if (marked) return <Marked {...marked} onChange={setMarked} />;

  if (running) {
    const answered = running.paper.filter((q) => {
      const d = running.drafts[q.question_id];
      return d && (q.type === 'short' ? d.text.trim() : d.choices.length);
    }).length;
    return (
      <div className="oj-math408 oj-links" data-testid="math408-exam">
        <div className="oj-exam-bar">
          <span className="oj-wrap-row">
            <span>剩余时间</span>
            <span className="oj-exam-timer" data-testid="exam-timer">
              {clock(running.deadline - now)}
            </span>
          </span>
          <span className="oj-wrap-row">
            <Typography.Text type="secondary">
              已答 {answered} / {running.paper.length}
            </Typography.Text>
            <Popconfirm
              title="确定交卷？"
              description={answered < running.paper.length ? '还有题目未作答。' : undefined}
              okText="确定"
              cancelText="取消"
              onConfirm={() => void hand(running)}
            >
              <Button type="primary" loading={busy}>
                交卷
              </Button>
            </Popconfirm>
          </span>
        </div>
        {running.paper.map((q, i) => (
          <QuestionCard key={q.question_id} q={q} n={i + 1}>
            <Answer
              q={q}
              draft={running.drafts[q.question_id] ?? EMPTY}
              onChange={(d) => setDraft(q.question_id, d)}
            />
          </QuestionCard>
        ))}
      </div>
    );
  }

  const filter = filterFromParams(params);
  return (
    <div className="oj-math408 oj-links" data-testid="math408-exam">
      <Card title="考试模式" extra={<Link to="/problems?bank=math408">返回题库</Link>}>
        <Typography.Paragraph type="secondary">
          从题库中按条件随机抽题（单选、多选与简答），限时作答。交卷或时间到后统一判分；简答题交卷后对照参考答案自评。
          作答都会记入你的统计与错题本。
        </Typography.Paragraph>
        <ExamStartForm initial={filter} busy={busy} onStart={(v) => void start(v)} />
      </Card>
    </div>
  );
}

function QuestionCard({ q, n, children }: { q: Math408ExamQuestion; n: number; children: React.ReactNode }) {
  return (
    <Card style={{ marginBottom: 12 }} data-testid="exam-question">
      <div className="oj-wrap-row" style={{ marginBottom: 8 }}>
        <Tag color="geekblue">{QUESTION_TYPE_NAMES[q.type]}</Tag>
        <DifficultyTag difficulty={q.difficulty} />
      </div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {n}. {q.title}
      </Typography.Title>
      <MarkdownView text={q.content} html={q.content_html} />
      {children}
    </Card>
  );
}

const OptionText = ({ k, text, html }: { k: string; text: string; html: string }) => (
  <span className="oj-option-text">
    <b>{k}.</b> <MarkdownView text={text} html={html} className="oj-inline-md" />
  </span>
);

/** The answer form of one exam question (its key is not known to the page until 交卷). */
function Answer({
  q,
  draft,
  onChange,
}: {
  q: Math408ExamQuestion;
  draft: Draft;
  onChange: (d: Partial<Draft>) => void;
}) {
  if (q.type === 'short')
    return (
      <textarea
        className="oj-input oj-textarea"
        rows={4}
        value={draft.text}
        onChange={(e) => onChange({ text: e.target.value })}
        placeholder="写下你的答案"
        aria-label="你的答案"
        data-testid="exam-short"
      />
    );
  // Native choices, the whole row the label (as on a question's own page).
  const multiple = q.type === 'multiple';
  const toggle = (key: string, on: boolean) =>
    onChange({
      choices: multiple ? [...draft.choices.filter((k) => k !== key), ...(on ? [key] : [])].sort() : [key],
    });
  return (
    <div role={multiple ? 'group' : 'radiogroup'} aria-label="选项">
      {q.options.map((o) => (
        <label key={o.key} className="oj-option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={`exam-${q.question_id}`}
            value={o.key}
            checked={draft.choices.includes(o.key)}
            onChange={(e) => toggle(o.key, e.target.checked)}
          />
          <OptionText k={o.key} text={o.content} html={o.content_html} />
        </label>
      ))}
    </div>
  );
}

/** The marked paper: the score, then each question with its outcome, key and explanation. */
function Marked({
  paper,
  results,
  onChange,
}: {
  paper: Math408ExamQuestion[];
  results: Results;
  onChange: (m: { paper: Math408ExamQuestion[]; results: Results } | null) => void;
}) {
  const byId = new Map(results.map((r) => [r.question_id, r]));
  const score = paper.reduce((s, q) => s + points(byId.get(q.question_id)?.record), 0);
  const toMark = results.filter((r) => r.record?.type === 'short' && !r.record.self_mark).length;
  const replace = (rec: Math408Record) =>
    onChange({
      paper,
      results: results.map((r) => (r.question_id === rec.question_id ? { ...r, record: rec } : r)),
    });
  return (
    <div className="oj-math408 oj-links" data-testid="math408-exam">
      <Card style={{ marginBottom: 12 }}>
        <div className="oj-wrap-row" style={{ alignItems: 'baseline' }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="exam-score">
            得分 <span>{`${Number(score.toFixed(1))} / ${paper.length}`}</span>
          </Typography.Title>
          {toMark > 0 && <Typography.Text type="secondary">还有 {toMark} 道简答题待自评</Typography.Text>}
          <Button onClick={() => onChange(null)}>再来一套</Button>
          <Link to="/problems/math408/wrong">查看错题本</Link>
        </div>
      </Card>
      {paper.map((q, i) => {
        const r = byId.get(q.question_id);
        const rec = r?.record ?? null;
        return (
          <QuestionCard key={q.question_id} q={q} n={i + 1}>
            {!r ? (
              <Alert type="warning" message="未作答" />
            ) : !rec ? (
              <Alert type="error" message={r.message ?? '未能提交'} />
            ) : rec.type === 'short' ? (
              <>
                <Typography.Paragraph>你的答案：{rec.answer}</Typography.Paragraph>
                <SelfMark record={rec} onMarked={replace} />
              </>
            ) : (
              <Alert
                type={rec.status === 'correct' ? 'success' : 'error'}
                message={`${rec.status === 'correct' ? '回答正确' : '回答错误'}（你的答案：${rec.answer}）`}
              />
            )}
            {rec?.correct_answer && rec.correct_answer.length > 0 && (
              <Typography.Paragraph style={{ marginTop: 8 }}>
                正确答案：{rec.correct_answer.join('')}
              </Typography.Paragraph>
            )}
            {rec?.explanation && <MarkdownView text={rec.explanation} />}
          </QuestionCard>
        );
      })}
    </div>
  );
}
