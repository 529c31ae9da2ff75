export * from './types';
export { runInSandbox } from './run';
export { checkSandbox } from './check';
export type { SandboxCheck } from './check';
export { drainWarmPool } from './warm-pool';
export { joinServingCpuGroup, type ServingCpuGroup } from './cpu-groups';
