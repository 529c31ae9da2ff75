import { useQuery } from '@tanstack/react-query';
import type { AuthoredClassProblems, ClassProblemList } from '../lib/contract';
import { post } from './http';

/** Class problems (班级题目, issue 27 part 3; docs/classes.md). */
const P = '/api/class/problems';

export const classProblems = (class_id: number) => post<ClassProblemList>(P, { query: { class_id } });
export const authoredClassProblems = () => post<AuthoredClassProblems>(`${P}/authored`);

export const classProblemKeys = {
  all: ['class-problems'] as const,
  ofClass: (id: number) => ['class-problems', 'class', id] as const,
  authored: ['class-problems', 'authored'] as const,
};

export const useClassProblems = (id: number) =>
  useQuery({ queryKey: classProblemKeys.ofClass(id), queryFn: () => classProblems(id) });
export const useAuthoredClassProblems = (enabled = true) =>
  useQuery({ queryKey: classProblemKeys.authored, queryFn: authoredClassProblems, enabled });
