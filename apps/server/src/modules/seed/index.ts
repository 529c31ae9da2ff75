/** Public entry of the first-start seed. */
export { DEMO_PASSWORD, ensureBuiltinFiles, seed, type SeedResult } from './seed';
export { avatarPng, encodePng, gradientPng, type Rgb } from './png';
export { seedDemoLearning } from './demo-learning';
export type { BuiltinFilesDeps, DemoLearningDeps, SeedDeps } from './deps';
