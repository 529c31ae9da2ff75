import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Go',
  file: 'scenarios.go',
  compileError: 'package main\n\nfunc main() { x := 1 }\n',
});
