/** Public entry of the math / 408 module: questions, answers and their management. */
export {
  createMath408Service,
  createProgrammingAnswers,
  type Math408Seed,
  type Math408Service,
} from './service';
export type { AnswerGate, Math408Deps, QuestionContests } from './deps';
export { answerVerdict } from './contest';
export { math408Module, type Math408RouteDeps } from './routes';
export { contestAnswers } from './answers';
export {
  MATH408_TABLES,
  type Math408Tables,
  type Math408QuestionsTable,
  type Math408QuestionTagsTable,
  type Math408RecordsTable,
  type Math408QuestionRow,
  type Math408RecordRow,
} from './tables';
