/**
 * Public entry of the user-practice module: a user card's 练习情况 (issue 29), read through the
 * users', problems', problem lists' and classes' services; it owns no table.
 */
export { userPracticeModule } from './routes';
export type { PracticeDeps } from './practice';
