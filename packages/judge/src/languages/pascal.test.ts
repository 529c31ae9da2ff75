import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Pascal',
  file: 'scenarios.pas',
  compileError: 'begin\n  writeln(undefined_name);\nend.\n',
});
