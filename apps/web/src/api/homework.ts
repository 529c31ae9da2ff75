import { useQuery } from '@tanstack/react-query';
import type { HomeworkDetail, HomeworkInputRaw, HomeworkList, HomeworkMatrix } from '../lib/contract';
import { buildUrl, post } from './http';
import { useInvalidate } from './query';

/** Homework of classes (作业, issue 27 part 2; docs/classes.md "Homework"). */
const H = '/api/class/homework';

export const classHomework = (class_id: number) => post<HomeworkList>(`${H}/list`, { query: { class_id } });
export const myHomework = () => post<HomeworkList>(`${H}/mine`);
export const homeworkDetail = (homework_id: number) =>
  post<HomeworkDetail>(`${H}/detail`, { query: { homework_id } });
export const homeworkMatrix = (homework_id: number) =>
  post<HomeworkMatrix>(`${H}/matrix`, { query: { homework_id } });
export const createHomework = (body: HomeworkInputRaw) =>
  post<{ homework_id: number }>(`${H}/create`, { json: body });
export const modifyHomework = (body: HomeworkInputRaw & { homework_id: number }) =>
  post<null>(`${H}/modify`, { json: body });
export const deleteHomework = (homework_id: number) => post<null>(`${H}/delete`, { json: { homework_id } });
/** The completion matrix's workbook address (a plain download with the session cookie). */
export const homeworkExportUrl = (homework_id: number) => buildUrl(`${H}/export`, { homework_id });

export const homeworkKeys = {
  all: ['homework'] as const,
  ofClass: (id: number) => ['homework', 'class', id] as const,
  mine: ['homework', 'mine'] as const,
  detail: (id: number) => ['homework', 'detail', id] as const,
  matrix: (id: number) => ['homework', 'matrix', id] as const,
};

// Progress moves with tries made on other pages (a problem's submission, a question's answer):
// read it again each time a homework page or list is opened.
export const useClassHomework = (id: number) =>
  useQuery({ queryKey: homeworkKeys.ofClass(id), queryFn: () => classHomework(id), staleTime: 0 });
export const useMyHomework = () =>
  useQuery({ queryKey: homeworkKeys.mine, queryFn: myHomework, staleTime: 0 });
export const useHomeworkDetail = (id: number) =>
  useQuery({
    queryKey: homeworkKeys.detail(id),
    queryFn: () => homeworkDetail(id),
    staleTime: 0,
    enabled: id > 0,
    retry: false,
  });
export const useHomeworkMatrix = (id: number, enabled: boolean) =>
  useQuery({ queryKey: homeworkKeys.matrix(id), queryFn: () => homeworkMatrix(id), enabled });
export const useRefreshHomework = () => useInvalidate(homeworkKeys.all);
