import { describe, expect, it } from 'vitest';
import { PROBLEM_LIMITS } from './problems';
import { IMPORT_LIMITS } from './problem-transfer-rules';

describe('import limits', () => {
  it('are the bank’s own: a package the import takes is one the bank can hold', () => {
    expect({
      uploadMaxBytes: IMPORT_LIMITS.uploadMaxBytes,
      testsMax: IMPORT_LIMITS.testsMax,
      samplesMax: IMPORT_LIMITS.samplesMax,
      tagsMax: IMPORT_LIMITS.tagsMax,
      fileMaxBytes: IMPORT_LIMITS.fileMaxBytes,
      totalMaxBytes: IMPORT_LIMITS.totalMaxBytes,
    }).toEqual({
      uploadMaxBytes: PROBLEM_LIMITS.zipMaxBytes,
      testsMax: PROBLEM_LIMITS.testCountMax,
      samplesMax: PROBLEM_LIMITS.samplesMax,
      tagsMax: PROBLEM_LIMITS.tagsMax,
      fileMaxBytes: PROBLEM_LIMITS.testFileMaxBytes,
      totalMaxBytes: PROBLEM_LIMITS.testTotalMaxBytes,
    });
  });
});
