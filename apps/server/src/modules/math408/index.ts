/** Public entry of the math / 408 module: questions, answers and their management. */
export { createMath408Service, type Math408Seed, type Math408Service } from './service';
export type { AnswerGate, Math408Deps, QuestionContests } from './deps';
export { answerVerdict } from './contest';
export { math408Module } from './routes';
export { contestAnswers } from './answers';
