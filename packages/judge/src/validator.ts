import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkerRunLimits, prepareChecker } from './checkers/special';
import { makeBoxDir, readHead } from './files';
import { defaultCacheRoot, defaultWorkRoot } from './paths';
import { realSandbox, type SandboxApi } from './sandbox';

/**
 * An input validator in C++, the test input on stdin: `testlib` (registerValidation; exit 0 = valid,
 * the default) or `kattis` (a problem package's input validator: exit 42 = valid).
 */
export interface ValidatorSource {
  source: string;
  /** Extra files compiled beside it (an author's own testlib.h replaces ours). */
  files?: { name: string; content: string }[];
  protocol?: 'testlib' | 'kattis';
}

/** One input's verdict: valid, or why not (the validator's message, or how it ended). */
export interface InputVerdict {
  valid: boolean;
  message: string;
}

export type ValidationResult =
  /** The validator could not be built or run at all: nothing was checked. */
  { ok: false; message: string } | { ok: true; inputs: InputVerdict[] };

export interface ValidatorOptions {
  sandbox?: SandboxApi;
  /** Where compiled validators are kept (default: the judge's cache, beside the compiled checkers). */
  cacheRoot?: string;
  workRoot?: string;
  /** Stop after this many invalid inputs (the rest are reported valid-unchecked: not returned). */
  stopAfterInvalid?: number;
}

const BOX_DIR = '/validator';
const CHECKER_COMPILE_FAILED = /^特判程序编译失败：/;

/**
 * Compiles a validator once per distinct source (the special judge's compile path and cache: the
 * binary is kept by the hash of its source, files and flags) and runs it on each input in the box,
 * the input as its stdin. A validator that exits 0 (Kattis: 42) accepts the input; any other end
 * refuses it with what it printed on stderr (testlib: "FAIL …"). Inputs are checked in order; with
 * `stopAfterInvalid` the check ends after that many refusals (the answer is then shorter).
 */
export async function validateInputs(
  validator: ValidatorSource,
  inputs: Buffer[],
  options: ValidatorOptions = {},
): Promise<ValidationResult> {
  const sandbox = options.sandbox ?? realSandbox;
  const check = await sandbox.check();
  if (!check.ok) return { ok: false, message: `本机无法安全运行校验器：${check.message}` };
  const scratch = await makeBoxDir(options.workRoot ?? defaultWorkRoot(), 'validator-');
  try {
    const prepared = await prepareChecker(
      sandbox,
      { source: validator.source, files: validator.files },
      options.cacheRoot ?? defaultCacheRoot(),
      scratch,
    );
    if (!prepared.ok)
      return { ok: false, message: prepared.message.replace(CHECKER_COMPILE_FAILED, '输入校验器编译失败：') };
    const validExit = validator.protocol === 'kattis' ? 42 : 0;
    const out: InputVerdict[] = [];
    let refused = 0;
    for (const input of inputs) {
      const verdict = await runValidator(sandbox, prepared.binaryDir, input, scratch, validExit);
      out.push(verdict);
      if (!verdict.valid && ++refused >= (options.stopAfterInvalid ?? Infinity)) break;
    }
    return { ok: true, inputs: out };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function runValidator(
  sandbox: SandboxApi,
  binaryDir: string,
  input: Buffer,
  scratch: string,
  validExit: number,
): Promise<InputVerdict> {
  const id = randomUUID();
  const inputFile = join(scratch, `${id}.in`);
  const stderrFile = join(scratch, `${id}.err`);
  await writeFile(inputFile, input);
  const workDir = await makeBoxDir(scratch, 'run-');
  try {
    // The compiled program is kept as `checker` by the shared compile path.
    const run = await sandbox.run({
      argv: [`${BOX_DIR}/checker`],
      workDir,
      readOnlyBinds: [{ host: binaryDir, box: BOX_DIR }],
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
      stdinFile: inputFile,
      stderrFile,
      limits: checkerRunLimits,
    });
    const said = (await readHead(stderrFile, 1024)).trim();
    if (run.outcome === 'exited' && run.exitCode === validExit) return { valid: true, message: said };
    const how =
      run.outcome === 'exited'
        ? `退出码 ${run.exitCode}`
        : run.outcome === 'signaled'
          ? `被信号 ${run.signal} 终止`
          : run.outcome === 'sandbox-error'
            ? `沙箱错误：${run.message ?? '未知原因'}`
            : '超出运行限制';
    return { valid: false, message: said || `校验器${how}` };
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(inputFile, { force: true });
    await rm(stderrFile, { force: true });
  }
}
