import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Python3',
  file: 'scenarios.py',
  compileError: 'def main(:\n    pass\n',
  timeMs: 2500,
});
