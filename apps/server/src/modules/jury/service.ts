import type { JurySolutionInput, JurySolutionModify, ValidatorInput } from '@oj/shared';
import type { JuryDeps } from './deps';
import * as validators from './input-validator';
import * as repo from './repo';
import * as runs from './runs';
import * as solutions from './solutions';

export type { NamedInput, PackagedValidator } from './input-validator';
export type { PackagedSolution } from './solutions';

/**
 * Problem validation (题目验证, issue 24 item 5) bound to its dependencies: jury solutions and their
 * runs (solutions.ts, runs.ts), the summary that gates publishing (summary.ts), the input validator
 * (input-validator.ts). Hears the judge queue from construction on.
 */
export function createJuryService(deps: JuryDeps) {
  const d = { ...deps, pending: new Set<Promise<void>>() };
  runs.listenToQueue(d);
  return {
    page: (problemId: number) => solutions.juryPage(d, problemId),
    /** The problem a jury solution belongs to (its routes check who may edit that problem). */
    problemOf: async (solutionId: number) => (await repo.solutionById(d.db, solutionId))?.problem_id,
    add: (problemId: number, input: JurySolutionInput) => solutions.addSolution(d, problemId, input),
    modify: (input: JurySolutionModify) => solutions.modifySolution(d, input),
    remove: (solutionId: number) => solutions.removeSolution(d, solutionId),
    runAll: (problemId: number) => runs.runAll(d, problemId),
    runOne: (solutionId: number) => runs.runOne(d, solutionId),
    setValidator: (problemId: number, input: ValidatorInput) => validators.setValidator(d, problemId, input),
    removeValidator: (problemId: number) => validators.removeValidator(d, problemId),
    /** The problems' routes: refuses making a problem visible while its validation does not pass. */
    checkPublish: (problemId: number, force: boolean) => solutions.checkPublish(d, problemId, force),
    /** The problems' routes: refuses a test upload whose inputs the problem's validator refuses. */
    checkInputs: (problemId: number, inputs: validators.NamedInput[]) =>
      validators.checkInputs(d, problemId, inputs),
    /** The problems' routes, after tests, checker or limits changed: stale runs are judged again. */
    followProblem: (problemId: number) => runs.followProblem(d, problemId),
    /** The importer: a package's labelled solutions, kept with the new problem and judged. */
    saveJurySolutions: (problemId: number, list: solutions.PackagedSolution[]) =>
      solutions.saveJurySolutions(d, problemId, list),
    /** The importer: a package's validator, kept when it is C++ and compiles (else a warning). */
    saveValidator: (problemId: number, validator: validators.PackagedValidator) =>
      validators.saveImportedValidator(d, problemId, validator),
    recover: () => runs.recover(d),
    drain: () => runs.drain(d),
  };
}
export type JuryService = ReturnType<typeof createJuryService>;
