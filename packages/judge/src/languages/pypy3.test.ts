import { languageSuite } from '../../test/language-suite';

// PyPy's frames are larger than CPython's: 10^5 levels under 256 MiB (10^6 is MLE).
languageSuite({
  language: 'PyPy3',
  file: 'scenarios.py',
  compileError: 'def main(:\n    pass\n',
  recursionDepth: 100_000,
});
