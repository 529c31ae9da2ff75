/**
 * Public entry of the classes module (issue 27 part 1; docs/classes.md): teachers' classes, their
 * members (students, TAs), join requests, announcements and bulk student accounts.
 */
export { createClassesService, type ClassesService } from './service';
export type { ClassesDeps } from './deps';
export { createClassMembership, type ClassMembership } from './membership';
export { classesModule, type ClassesRouteDeps } from './routes';
export {
  CLASSES_TABLES,
  type ClassesTables,
  type ClassesTable,
  type ClassMembersTable,
  type ClassJoinRequestsTable,
  type ClassAnnouncementsTable,
} from './tables';
export { createClassProblemAccess, type ClassProblemAccess } from './class-problems';
