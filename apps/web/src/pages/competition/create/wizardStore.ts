import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Basic information of a contest being created (times as ISO strings). */
export interface WizardInfo {
  name: string;
  description: string;
  start_time: string;
  end_time: string;
  password: string;
  freeze_minutes: number;
}

export interface WizardProblem {
  problem_id: number;
  /** The problem's own title in the bank. */
  name: string;
  /** The letter badge: always the position (A, B, …). */
  display_name: string;
  /** The title shown in the contest; '' = the problem's own (issue 16). */
  title: string;
}

interface WizardState {
  info: WizardInfo | null;
  problems: WizardProblem[];
  /** The id of the contest just created (the success step shows it). */
  createdId: number | null;
  setInfo(info: WizardInfo): void;
  toggleProblem(p: { problem_id: number; name: string }, selected: boolean): void;
  setProblems(problems: WizardProblem[]): void;
  /** The contest exists: remember its id (the draft is dropped once the success step shows). */
  finish(createdId: number): void;
  clearDraft(): void;
  reset(): void;
}

/** Letter badges follow the position (A, B, …). */
export const letterOf = (i: number) => String.fromCharCode(65 + i);

/** After an add, a removal or a move, the letters follow the new positions; titles stay. */
export const reletter = (list: WizardProblem[]): WizardProblem[] =>
  list.map((p, i) => ({ ...p, display_name: letterOf(i), title: p.title ?? '' }));

/** Moves one problem up or down; the letters follow the positions, each keeps its title. */
export function moveProblem(list: WizardProblem[], from: number, to: number): WizardProblem[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return reletter(next);
}

/** The wizard's state across its four steps, kept in sessionStorage so a reload keeps the work. */
export const useWizardStore = create<WizardState>()(
  persist(
    (set) => ({
      info: null,
      problems: [],
      createdId: null,
      setInfo: (info) => set({ info }),
      toggleProblem: (p, selected) =>
        set((s) => {
          const rest = s.problems.filter((x) => x.problem_id !== p.problem_id);
          const list = selected ? [...rest, { ...p, display_name: letterOf(rest.length), title: '' }] : rest;
          return { problems: reletter(list) };
        }),
      setProblems: (problems) => set({ problems: reletter(problems) }),
      finish: (createdId) => set({ createdId }),
      clearDraft: () => set({ info: null, problems: [] }),
      reset: () => set({ info: null, problems: [], createdId: null }),
    }),
    { name: 'oj-competition-wizard', storage: createJSONStorage(() => sessionStorage) },
  ),
);
