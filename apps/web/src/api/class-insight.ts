import { useQuery } from '@tanstack/react-query';
import type { HomeworkInsight, StudentInsight } from '../lib/contract';
import { post } from './http';

/** 学情分析 of classes (issue 27 part 5; docs/classes.md "Where students are stuck"). */
export const homeworkInsight = (homework_id: number) =>
  post<HomeworkInsight>('/api/class/homework/insight', { query: { homework_id } });
export const studentInsight = (class_id: number, uuid: number) =>
  post<StudentInsight>('/api/class/student-insight', { query: { class_id, uuid } });

export const insightKeys = {
  homework: (id: number) => ['homework', 'insight', id] as const,
  student: (classId: number, uuid: number) => ['classes', 'student-insight', classId, uuid] as const,
};

export const useHomeworkInsight = (id: number, enabled: boolean) =>
  useQuery({ queryKey: insightKeys.homework(id), queryFn: () => homeworkInsight(id), enabled });
export const useStudentInsight = (classId: number, uuid: number) =>
  useQuery({
    queryKey: insightKeys.student(classId, uuid),
    queryFn: () => studentInsight(classId, uuid),
    enabled: classId > 0 && uuid > 0,
    retry: false,
  });
