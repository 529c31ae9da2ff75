import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/time';
import type { Math408Service } from '../math408';
import type { NotificationsService } from '../notifications';
import type { ProblemListsService } from '../problem-lists';
import type { ProblemsService } from '../problems';
import type { SubmissionsService } from '../submissions';
import type { UsersService } from '../users';
import type { ClassProblemAccess } from './class-problems';
import type { ClassesTables } from './tables';

/** What the classes' operations use, handed over by the composition root. */
export interface ClassesDeps {
  /** Its own tables only (db/scoped.ts). */
  db: Kysely<ClassesTables>;
  /**
   * Who is a teacher (the 教师 mark, or an administrator), members' accounts and names, and the
   * bulk student accounts, made by the users module as any other account.
   */
  users: Pick<UsersService, 'isTeacher' | 'byIds' | 'briefs' | 'create' | 'idsOfAccounts'>;
  clock: Clock;
  /**
   * Homework (homework.ts): the bank's names and hidden rule (`liveNames`), a readable problem
   * list's problems to copy, the tries of students (one grouped read), the math / 408 questions'
   * titles and the students' answers (one grouped read), and the students' notices.
   */
  /**
   * Class problems (class-problems.ts, issue 27 part 3): who reads them (built before the problems
   * module), and the bank's names, difficulties and the viewer's statuses of them. Absent: none.
   */
  classProblems?: {
    access: ClassProblemAccess;
    problems: Pick<ProblemsService, 'briefs' | 'statuses'>;
  };
  homework: {
    problems: Pick<ProblemsService, 'liveNames'>;
    problemLists: Pick<ProblemListsService, 'listProblems'>;
    submissions: Pick<SubmissionsService, 'homeworkStats'>;
    math408: Pick<Math408Service, 'liveTitles' | 'homeworkAnswers'>;
    notifications: Pick<NotificationsService, 'onHomework'>;
  };
  /**
   * 学情分析 (insight.ts): grouped reads of the students' tries (verdicts, tries before AC, first
   * failed tests, tries per day) and of what a student solved by difficulty and tag.
   */
  insight: {
    problems: Pick<ProblemsService, 'solvedBreakdown'>;
    submissions: Pick<SubmissionsService, 'homeworkInsight' | 'dailyPractice'>;
  };
}
