/**
 * The problem list of a contest being made (the creation wizard) or edited (the management site's
 * contest editor): letters follow the positions, each problem keeps its display title.
 */
export interface WizardProblem {
  problem_id: number;
  /** The problem's own title in the bank. */
  name: string;
  /** The letter badge: always the position (A, B, …). */
  display_name: string;
  /** The title shown in the contest; '' = the problem's own (issue 16). */
  title: string;
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
