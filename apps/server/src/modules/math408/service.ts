import type { Kysely } from 'kysely';
import {
  isChoiceQuestion,
  type Language,
  math408TagIndex,
  type Math408AnswerRequest,
  type Math408Query,
  type Math408QuestionView,
  type Math408Record,
  type Math408RecordsQuery,
  type Math408Row,
  type MyStatus,
  type QuestionType,
} from '@oj/shared';
import type { Database, Math408QuestionRow, Math408RecordRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { createMath408Admin } from './admin';
import { type AnswerGate, inRunningContest, inStartedContest } from './contest';
import { keywordMatch, paginateQuery } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import { parseJson } from '../problems/present';
import type { ProblemsService } from '../problems/service';
import type { SubmissionsService } from '../submissions/service';

export interface Math408Seed {
  question_id: number;
  type: QuestionType;
  difficulty: number;
  tags_list: number[];
  title: string;
  content: string;
  options?: { key: string; content: string }[];
  answer?: string[];
  reference_answer?: string;
  reference_code?: { language: Language; code: string };
  samples?: { input: string; output: string }[];
  explanation: string;
}

/**
 * The math / 408 bank. Choice questions are graded on the spot; a short answer is stored as
 * written and the reference answer is revealed; the programming question is judged as a submission
 * to its hidden algorithm problem (the record follows the submission's verdict).
 */
export function createMath408Service(deps: {
  db: Kysely<Database>;
  problems: ProblemsService;
  submissions: SubmissionsService;
  onError?: (err: unknown, what: string) => void;
}) {
  const { db, problems, submissions } = deps;
  const onError = deps.onError ?? (() => {});
  // The contests module admits contest answers and follows them (STYLE §7: the bank knows no contest).
  let contestGate: AnswerGate | null = null;
  const changeListeners: ((row: Math408RecordRow) => void)[] = [];
  const emitChange = (row: Math408RecordRow) => {
    if (row.competition_id === null) return;
    for (const fn of changeListeners) {
      try {
        fn(row);
      } catch (err) {
        onError(err, 'a math408 answer listener');
      }
    }
  };

  /** A question that exists (deleted ones do not); hidden ones only for admins or in a started contest. */
  const question = async (viewer: Viewer, id: number, opts: { viaContest?: boolean } = {}) => {
    const q = await db
      .selectFrom('math408_questions')
      .selectAll()
      .where('id', '=', id)
      .where('is_delete', '=', 0)
      .executeTakeFirst();
    const reachable =
      q &&
      (q.visible === 1 ||
        opts.viaContest ||
        can(viewer, { action: 'problem.viewHidden' }) ||
        (await inStartedContest(db, id)));
    if (!reachable) throw notFound(`题目 ${id} 不存在`);
    return q;
  };
  /** Any stored question, deleted ones included: old records keep their title. */
  const anyQuestion = async (id: number) =>
    db.selectFrom('math408_questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Programming records take their status from the submission (PD until judged). */
  async function syncProgramming(rows: Math408RecordRow[]): Promise<Math408RecordRow[]> {
    return Promise.all(
      rows.map(async (r) => {
        if (r.submission_id === null || r.status !== 'PD') return r;
        const rec = await submissions
          .record({ uuid: r.user_id, role: 1, isBoss: false, sessionId: null }, r.submission_id)
          .catch(() => null);
        if (!rec || rec.status === 'PD') return r;
        return storeVerdict(r, rec.status);
      }),
    );
  }

  /** A programming answer takes its submission's verdict (PD again on a rejudge); contests hear of it. */
  async function storeVerdict(r: Math408RecordRow, status: string): Promise<Math408RecordRow> {
    if (r.status === status) return r;
    const correct = status === 'PD' ? null : status === 'AC' ? 1 : 0;
    await db.updateTable('math408_records').set({ status, correct }).where('id', '=', r.id).execute();
    const updated = { ...r, status, correct };
    emitChange(updated);
    return updated;
  }

  // Verdicts are followed as they come, so a contest's scoreboard moves without anyone reading records.
  submissions.onChange((sub) => {
    if (sub.competition_id !== null) return;
    void db
      .selectFrom('math408_records')
      .selectAll()
      .where('submission_id', '=', sub.id)
      .execute()
      .then((rows) => Promise.all(rows.map((r) => storeVerdict(r, sub.status))))
      .catch((err: unknown) => onError(err, 'following a math408 programming verdict'));
  });

  async function statuses(viewer: Viewer, ids: number[]): Promise<Map<number, MyStatus>> {
    const out = new Map<number, MyStatus>();
    if (viewer.uuid < 0 || !ids.length) return out;
    const rows = await syncProgramming(
      await db
        .selectFrom('math408_records')
        .selectAll()
        .where('user_id', '=', viewer.uuid)
        .where('question_id', 'in', ids)
        .execute(),
    );
    for (const r of rows) {
      // A short answer cannot be graded: answering it is solving it.
      const solved = r.correct === 1 || r.status === 'submitted';
      if (solved) out.set(r.question_id, 'solved');
      else if (!out.has(r.question_id)) out.set(r.question_id, 'tried');
    }
    return out;
  }

  const row = (q: Math408QuestionRow, status: MyStatus): Math408Row => ({
    question_id: q.id,
    type: q.type as QuestionType,
    difficulty: q.difficulty,
    tags_list: parseJson<number[]>(q.tags, []),
    title: q.title,
    my_status: status,
  });

  function revealed(q: Math408QuestionRow) {
    return {
      correct_answer: isChoiceQuestion(q.type as QuestionType) ? parseJson<string[]>(q.answer, []) : null,
      reference_answer: q.reference_answer,
      explanation: q.explanation,
    };
  }

  /** While the question's contest runs, answers stay hidden from contestants (and everyone but admins). */
  async function withheld(viewer: Viewer, q: Math408QuestionRow): Promise<boolean> {
    return !can(viewer, { action: 'problem.manage' }) && (await inRunningContest(db, q.id));
  }

  function presentRecord(r: Math408RecordRow, q: Math408QuestionRow, hide: boolean): Math408Record {
    return {
      record_id: r.id,
      question_id: q.id,
      title: q.title,
      type: q.type as QuestionType,
      answer: r.answer,
      status: r.status as Math408Record['status'],
      correct: r.correct === null ? null : r.correct === 1,
      submission_id: r.submission_id,
      problem_id: r.submission_id === null ? null : q.problem_id,
      competition_id: r.competition_id,
      index: r.problem_index,
      create_time: r.create_time,
      ...(hide ? { correct_answer: null, reference_answer: null, explanation: null } : revealed(q)),
    };
  }

  return {
    admin: createMath408Admin({ db, problems }),

    /** The contests module checks contest answers (type, position, participant, time). */
    useContestGate(gate: AnswerGate): void {
      contestGate = gate;
    },

    /** Every stored change of an answer given in a contest: new, and programming verdicts. */
    onChange(fn: (row: Math408RecordRow) => void): void {
      changeListeners.push(fn);
    },

    async seed(items: Math408Seed[]): Promise<number> {
      let added = 0;
      for (const s of items) {
        if (
          await db
            .selectFrom('math408_questions')
            .select('id')
            .where('id', '=', s.question_id)
            .executeTakeFirst()
        )
          continue;
        let problemId: number | null = null;
        if (s.type === 'programming' && s.samples?.length) {
          problemId = await problems.add({
            chinese_name: `408 编程题：${s.title}`,
            english_name: '',
            description: s.content,
            difficulty: s.difficulty,
            tags_list: [],
            source_name: 'own',
            time_limit: 1000,
            memory_limit: 256,
            samples: s.samples.slice(0, 1),
            checker: { kind: 'default' },
            visible: false,
          });
          await problems.setTests(
            problemId,
            s.samples.map((t) => ({ input: Buffer.from(t.input), output: Buffer.from(t.output) })),
          );
        }
        await db
          .insertInto('math408_questions')
          .values({
            id: s.question_id,
            type: s.type,
            difficulty: s.difficulty,
            tags: JSON.stringify(s.tags_list),
            title: s.title,
            content: s.content,
            options: JSON.stringify(s.options ?? []),
            answer: JSON.stringify(s.answer ?? []),
            reference_answer: s.reference_answer ?? null,
            reference_code: s.reference_code ? JSON.stringify(s.reference_code) : null,
            samples: JSON.stringify(s.samples ?? []),
            explanation: s.explanation,
            problem_id: problemId,
            create_time: nowIso(),
            update_time: nowIso(),
          })
          .execute();
        const tagIds = [...new Set(s.tags_list)].filter((t) => math408TagIndex.byId(t));
        if (tagIds.length)
          await db
            .insertInto('math408_question_tags')
            .values(tagIds.map((tag_id) => ({ question_id: s.question_id, tag_id })))
            .execute();
        added++;
      }
      return added;
    },

    async search(viewer: Viewer, q: Math408Query) {
      const base = () => {
        let b = db.selectFrom('math408_questions').where('is_delete', '=', 0).where('visible', '=', 1);
        const kw = q.keyword?.trim();
        if (kw) b = b.where(keywordMatch(kw, ['title', 'content']));
        if (q.type) b = b.where('type', '=', q.type);
        if (q.difficulty !== undefined) b = b.where('difficulty', '=', q.difficulty);
        const tags = [...new Set(q.tags_list)];
        if (tags.length)
          b = b.where('id', 'in', (eb) =>
            eb
              .selectFrom('math408_question_tags')
              .select('question_id')
              .where('tag_id', 'in', tags)
              .groupBy('question_id')
              .having((h) => h.fn.countAll(), '=', tags.length),
          );
        return b;
      };
      const page = await paginateQuery(q, base, (b) => b.selectAll().orderBy('id'));
      const st = await statuses(
        viewer,
        page.records.map((r) => r.id),
      );
      return { ...page, records: page.records.map((r) => row(r, st.get(r.id) ?? 'none')) };
    },

    async get(viewer: Viewer, id: number): Promise<Math408QuestionView> {
      const q = await question(viewer, id);
      const st = (await statuses(viewer, [id])).get(id) ?? 'none';
      const answered = st !== 'none';
      // Answers stay hidden until the caller tried once (admins always see them), and during a
      // contest with this question (a wrong answer must not reveal the right one to contestants).
      const show =
        can(viewer, { action: 'problem.manage' }) || (answered && !(await inRunningContest(db, id)));
      const problem = q.problem_id ? await problems.row(q.problem_id) : undefined;
      return {
        ...row(q, st),
        content: q.content,
        options: parseJson(q.options, []),
        samples: parseJson(q.samples, []),
        problem_id: q.problem_id,
        time_limit: problem?.time_limit ?? null,
        memory_limit: problem?.memory_limit ?? null,
        answered,
        answer: show && isChoiceQuestion(q.type as QuestionType) ? parseJson<string[]>(q.answer, []) : null,
        reference_answer: show ? q.reference_answer : null,
        reference_code: show && q.reference_code ? parseJson(q.reference_code, null) : null,
        explanation: show ? q.explanation : null,
      };
    },

    async answer(viewer: Viewer, req: Math408AnswerRequest): Promise<Math408Record> {
      const inContest = req.competition_id !== undefined;
      if (inContest) {
        if (!contestGate) throw badRequest('competition_id 暂不支持');
        if (req.index === undefined) throw badRequest('index 不能为空：请指明比赛题目序号');
        await contestGate(viewer, {
          competition_id: req.competition_id!,
          index: req.index,
          question_id: req.question_id,
        });
      }
      const q = await question(viewer, req.question_id, { viaContest: inContest });
      const type = q.type as QuestionType;
      let answer: string;
      let status: string;
      let correct: number | null = null;
      let submissionId: number | null = null;
      if (isChoiceQuestion(type)) {
        const keys = parseJson<{ key: string }[]>(q.options, []).map((o) => o.key);
        const chosen = [...new Set(req.choices ?? [])].sort();
        if (!chosen.length) throw badRequest('choices 不能为空，请选择答案');
        if (chosen.some((c) => !keys.includes(c))) throw badRequest('choices 含有不存在的选项');
        if (type === 'single' && chosen.length !== 1) throw badRequest('choices 单选题只能选一个答案');
        answer = chosen.join('');
        correct = answer === parseJson<string[]>(q.answer, []).join('') ? 1 : 0;
        status = correct ? 'correct' : 'wrong';
      } else if (type === 'short') {
        const text = req.text?.trim() ?? '';
        if (!text) throw badRequest('text 不能为空');
        answer = text;
        status = 'submitted';
      } else {
        if (!q.problem_id) throw badRequest('该编程题暂不支持在线评测');
        if (!req.language) throw badRequest('language 不能为空');
        if (!req.source_code?.trim()) throw badRequest('source_code 不能为空');
        submissionId = await submissions.submit(
          viewer,
          { problem_id: q.problem_id, language: req.language, source_code: req.source_code },
          { hiddenProblem: true },
        );
        answer = req.language;
        status = 'PD';
      }
      const stored = await db
        .insertInto('math408_records')
        .values({
          question_id: q.id,
          user_id: viewer.uuid,
          answer,
          status,
          correct,
          submission_id: submissionId,
          create_time: nowIso(),
          competition_id: inContest ? req.competition_id! : null,
          problem_index: inContest ? req.index! : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      emitChange(stored);
      // A verdict may have come before the answer was stored: catch up with it now.
      const [r] = await syncProgramming([stored]);
      return presentRecord(r, q, await withheld(viewer, q));
    },

    /** The caller's own answers only, newest first (of one question, of one contest, or all). */
    async records(viewer: Viewer, query: Math408RecordsQuery) {
      const base = () => {
        let b = db.selectFrom('math408_records').where('user_id', '=', viewer.uuid);
        if (query.question_id !== undefined) b = b.where('question_id', '=', query.question_id);
        if (query.competition_id !== undefined) b = b.where('competition_id', '=', query.competition_id);
        return b;
      };
      const page = await paginateQuery(query, base, (b) => b.selectAll().orderBy('id', 'desc'));
      const rows = await syncProgramming(page.records);
      // Read each question (and whether its answers are withheld) once: a page is often all one question.
      const seen = new Map<number, { q: Math408QuestionRow; hide: boolean }>();
      const out: Math408Record[] = [];
      for (const r of rows) {
        let shown = seen.get(r.question_id);
        if (!shown) {
          const q = await anyQuestion(r.question_id);
          shown = { q, hide: await withheld(viewer, q) };
          seen.set(r.question_id, shown);
        }
        out.push(presentRecord(r, shown.q, shown.hide));
      }
      return { ...page, records: out };
    },
  };
}
export type Math408Service = ReturnType<typeof createMath408Service>;
