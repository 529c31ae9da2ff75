/** Public entry of the clarifications module: 答疑 and contest announcements (issue 18). */
export { createClarificationsService, type ClarificationsService } from './service';
export type { ClarificationsDeps } from './deps';
export { clarificationsModule, type ClarificationsRouteDeps } from './routes';
export {
  CLARIFICATIONS_TABLES,
  type ClarificationsTables,
  type ContestAnnouncementsTable,
  type ContestClarificationsTable,
  type ContestClarificationReadsTable,
  type ClarificationRow,
  type AnnouncementRow,
} from './tables';
