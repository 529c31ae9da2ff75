import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GraderSpec } from '@oj/shared';
import type { CompileStep, LanguageSpec } from './languages';

/** What to compile: the step, and the text that names this build in the compile cache. */
export type SourceBuild =
  | { ok: true; step: CompileStep; cacheText: string }
  /** `internal`: the problem's fault (IE); otherwise the submission's (CE). */
  | { ok: false; internal: boolean; message: string };

/** A plain submission: its one file under the language's name for it. */
export async function writeSubmission(
  lang: LanguageSpec,
  source: string,
  workDir: string,
): Promise<SourceBuild> {
  const sourceFile = lang.sourceFileFor?.(source) ?? lang.sourceFile;
  await writeFile(join(workDir, sourceFile), source, { mode: 0o644 });
  return { ok: true, step: lang.compile(sourceFile), cacheText: source };
}

/**
 * A grader problem: the grader's files beside the submission (under the name the grader expects),
 * all the sources compiled into one program in one compiler call. A grader that `#include`s the
 * submission compiles without it on the command line.
 */
export async function writeGraderBuild(
  lang: LanguageSpec,
  source: string,
  grader: GraderSpec,
  workDir: string,
): Promise<SourceBuild> {
  if (!lang.compileSources || !lang.sourceExtensions)
    return {
      ok: false,
      internal: false,
      message: `本题使用评测程序（grader），只支持 C 和 C++ 提交，不支持 ${lang.name}`,
    };
  const submissionName = grader.submissionName ?? lang.sourceFile;
  const names = grader.files.map((f) => f.name);
  if (names.includes(submissionName) || new Set(names).size !== names.length)
    return {
      ok: false,
      internal: true,
      message: `评测程序（grader）的文件名与提交文件 ${submissionName} 或彼此重复`,
    };
  for (const f of grader.files) await writeFile(join(workDir, f.name), f.content, { mode: 0o644 });
  await writeFile(join(workDir, submissionName), source, { mode: 0o644 });
  const compiled = (name: string) => lang.sourceExtensions?.some((ext) => name.endsWith(ext)) ?? false;
  const sources = [...(grader.includesSubmission ? [] : [submissionName]), ...names.filter(compiled)];
  if (sources.length === 0)
    return { ok: false, internal: true, message: `评测程序（grader）没有 ${lang.name} 源文件可编译` };
  return { ok: true, step: lang.compileSources(sources), cacheText: JSON.stringify([source, grader]) };
}
