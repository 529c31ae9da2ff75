import type { MyStatus, NextStep, SectionView, StudyProblemView } from '@oj/shared';
import { markdownHtml } from '../../lib/markdown-html';
import type { StudyLessonRow } from './tables';
import type { ProblemRef, SectionRow } from './repo';

/** What the viewer has of a plan's problems, keyed `kind:id`. */
export type StatusMap = Map<string, MyStatus>;
export const refKey = (p: { kind: string; problem_id: number }) => `${p.kind}:${p.problem_id}`;

export interface PlanProgress {
  sections: SectionView[];
  solved: number;
  total: number;
  next: NextStep;
}

/**
 * The progress rules (issue 13, after HydroOJ's training): a section is done when every one of
 * its problems is solved (a section without problems is done at once); it is locked while any
 * section it requires is not done; the next step is the first unsolved problem of the first
 * unlocked section that is not done. Problems the viewer may not see (deleted, hidden) are left
 * out before this runs, so they never block a section.
 */
export function planProgress(input: {
  sections: SectionRow[];
  lessons: StudyLessonRow[];
  problems: (ProblemRef & { title: string })[];
  statuses: StatusMap;
  /** Whether the lesson's content and video may be shown (member, admin, free plan, preview). */
  openLesson: (lesson: StudyLessonRow) => boolean;
  previewId: number | null;
}): PlanProgress {
  const done: boolean[] = [];
  let solved = 0;
  let total = 0;
  const sections = input.sections.map((s): SectionView => {
    const problems: StudyProblemView[] = input.problems
      .filter((p) => p.section_idx === s.idx)
      .map((p) => ({
        kind: p.kind,
        problem_id: p.problem_id,
        title: p.title,
        my_status: input.statuses.get(refKey(p)) ?? 'none',
      }));
    const sectionSolved = problems.filter((p) => p.my_status === 'solved').length;
    solved += sectionSolved;
    total += problems.length;
    done[s.idx] = sectionSolved === problems.length;
    const locked = s.requires.some((r) => !done[r]);
    const lessons = input.lessons
      .filter((l) => l.section_idx === s.idx)
      .map((l) => {
        const open = input.openLesson(l);
        return {
          id: l.id,
          title: l.title,
          content: open ? l.content : null,
          content_html: open ? markdownHtml(l.content) : null,
          has_video: open && l.video !== null,
          preview: l.id === input.previewId,
        };
      });
    return {
      index: s.idx,
      title: s.title,
      description: s.description,
      requires: s.requires,
      lessons,
      problems,
      solved: sectionSolved,
      done: done[s.idx],
      locked,
    };
  });
  return { sections, solved, total, next: nextStep(sections) };
}

function nextStep(sections: SectionView[]): NextStep {
  for (const s of sections) {
    if (s.locked || s.done) continue;
    const p = s.problems.find((x) => x.my_status !== 'solved');
    if (p) return { section_index: s.index, kind: p.kind, problem_id: p.problem_id, title: p.title };
  }
  return null;
}
