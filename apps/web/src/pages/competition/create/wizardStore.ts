import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { letterOf, reletter, type WizardProblem } from '../../../lib/contestProblems';

/** Basic information of a contest being created (times as ISO strings). */
export interface WizardInfo {
  name: string;
  description: string;
  start_time: string;
  end_time: string;
  password: string;
  freeze_minutes: number;
  /** 赛制 (issue 26): absent in drafts saved before it existed (ICPC). */
  rule?: 'icpc' | 'oi' | 'ioi' | 'ioi-subtask';
  /** 考试模式 (issue 26): absent in drafts saved before it existed. */
  exam_mode?: boolean;
  /** 每人限时 in minutes (issue 26 part 2; 0 = none): absent in drafts saved before it existed. */
  window_minutes?: number;
  /** 团队赛's members per team (issue 26 part 3; 0 = individual): absent in older drafts. */
  team_size?: number;
  /** 限定班级 (issue 27 part 3): a 班级比赛's classes; absent or [] = open to everyone. */
  class_ids?: number[];
}

interface WizardState {
  info: WizardInfo | null;
  /** What the first step's form holds while typing (saved on every change, so leaving keeps it). */
  draft: Partial<WizardInfo> | null;
  problems: WizardProblem[];
  /** The id of the contest just created (the success step shows it). */
  createdId: number | null;
  setInfo(info: WizardInfo): void;
  setDraft(draft: Partial<WizardInfo>): void;
  toggleProblem(p: { problem_id: number; name: string }, selected: boolean): void;
  setProblems(problems: WizardProblem[]): void;
  /** The contest exists: remember its id (the draft is dropped once the success step shows). */
  finish(createdId: number): void;
  clearDraft(): void;
  reset(): void;
}

/** The wizard's state across its four steps, kept in sessionStorage so a reload keeps the work. */
export const useWizardStore = create<WizardState>()(
  persist(
    (set) => ({
      info: null,
      draft: null,
      problems: [],
      createdId: null,
      setInfo: (info) => set({ info, draft: info }),
      setDraft: (draft) => set({ draft }),
      toggleProblem: (p, selected) =>
        set((s) => {
          const rest = s.problems.filter((x) => x.problem_id !== p.problem_id);
          const list = selected ? [...rest, { ...p, display_name: letterOf(rest.length), title: '' }] : rest;
          return { problems: reletter(list) };
        }),
      setProblems: (problems) => set({ problems: reletter(problems) }),
      finish: (createdId) => set({ createdId }),
      clearDraft: () => set({ info: null, draft: null, problems: [] }),
      reset: () => set({ info: null, draft: null, problems: [], createdId: null }),
    }),
    { name: 'oj-competition-wizard', storage: createJSONStorage(() => sessionStorage) },
  ),
);
