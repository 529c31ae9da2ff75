/**
 * Moved to src/api/math408.ts (issue 23: every call and query in api/). Kept only while
 * Math408EditPage, being moved by another change, still imports from here; delete it with that import.
 */
export { addQuestion, getQuestionForEdit, modifyQuestion, useMath408TagGroups } from '../../../api/math408';
