/**
 * @oj/judge — the judging engine. The server uses a JudgeQueue (in-process by default, BullMQ
 * when REDIS_URL is set) and subscribes to onProgress/onResult; it alone writes the database.
 */
export { judge, DEFAULT_OUTPUT_BYTES, type EngineOptions } from './engine';
export { InProcessJudgeQueue, type InProcessOptions } from './queue/in-process';
export {
  BullJudgeQueue,
  startBullWorker,
  redisConnection,
  DEFAULT_QUEUE_NAME,
  type BullQueueOptions,
  type BullWorkerOptions,
} from './queue/bullmq';
export type { JudgeQueue, ProgressListener, ResultListener } from './queue/types';
export { LocalFilesStore, HttpTestDataStore, saveVerified, sha256File, type TestDataStore } from './testdata';
export { LANGUAGE_SPECS, compileLimits, languageSpec, type LanguageSpec } from './languages';
export {
  BASE_LANGUAGES,
  TOOLCHAINS,
  installCommand,
  isInstalled,
  languageNamed,
  parseEnabledLanguages,
  toolVersion,
  type Toolchain,
} from './languages/toolchains';
export { commandLine, compilerLine } from './languages/describe';
export { compareTokens, compareFloat } from './checkers/compare';
export { realSandbox, type SandboxApi } from './sandbox';
export { createJudgeQueue, type CreateQueueOptions } from './queue/create';
export { runCustom, runCustomMany, type CustomRunInput, type CustomRunResult } from './custom';
export {
  validateInputs,
  type InputVerdict,
  type ValidationResult,
  type ValidatorOptions,
  type ValidatorSource,
} from './validator';
export {
  generateTests,
  type GeneratedTest,
  type GenerationCommand,
  type GenerationInput,
  type GenerationOptions,
  type GenerationProgram,
  type GenerationResult,
} from './generator';
