/** Public entry of the courses module: study plans, courses, their members and videos. */
export { createCoursesService, type CoursesService } from './service';
export type { CoursesDeps } from './deps';
export { COURSE_TOPIC } from './deps';
export { coursesModule } from './routes';
export {
  COURSES_TABLES,
  type CoursesTables,
  type StudyPlansTable,
  type StudySectionsTable,
  type StudyLessonsTable,
  type StudyProblemsTable,
  type StudyMembersTable,
  type ProblemVideosTable,
  type StudyPlanRow,
  type StudyLessonRow,
} from './tables';
