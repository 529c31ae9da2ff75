import { findJavaMain } from './java-main';
import type { LanguageSpec } from './index';
import { baseEnv, compileLimits, jvmRun, PROGRAM_DIR } from './kit';

const KOTLIN_LIB = '/usr/share/kotlin/kotlinc/lib';

/**
 * Kotlin/JVM (Debian's kotlin 1.3.31 on OpenJDK 17). The compiler is called through java directly
 * (kotlinc is a bash script that adds a deprecated -noverify); the program runs on the same JVM
 * settings as Java, with the Kotlin standard library on the class path. The class to run is the one
 * holding `main` (`MainKt` for a top-level `fun main` in main.kt), found as for Java.
 */
export const kotlin: LanguageSpec = {
  name: 'Kotlin',
  sourceFile: 'main.kt',
  timeFactor: 1,
  compile: () => ({
    argv: [
      '/usr/bin/java',
      '-Xmx768m',
      '-Xss32m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-XX:-UsePerfData',
      '-cp',
      `${KOTLIN_LIB}/kotlin-preloader.jar`,
      'org.jetbrains.kotlin.preloading.Preloader',
      '-cp',
      `${KOTLIN_LIB}/kotlin-compiler.jar`,
      'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
      '-kotlin-home',
      '/usr/share/kotlin/kotlinc',
      '-no-reflect',
      // The default target (1.6) refuses Java 8 library calls (interface static methods).
      '-jvm-target',
      '1.8',
      '-nowarn',
      '-d',
      '.',
      'main.kt',
    ],
    env: baseEnv,
    limits: compileLimits({ cpuMs: 30_000, wallMs: 45_000, memoryKiB: 1536 * 1024, processes: 128 }),
    readOnlyBinds: [],
  }),
  run: ({ memoryMiB }, entry = 'MainKt') => jvmRun(memoryMiB, `${PROGRAM_DIR}:${KOTLIN_LIB}/kotlin-stdlib.jar`, entry),
  program: findJavaMain,
  outOfMemory: [/java\.lang\.OutOfMemoryError/],
};
