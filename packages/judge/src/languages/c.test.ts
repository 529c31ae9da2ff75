import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'C',
  file: 'scenarios.c',
  compileError: 'int main(void) { return undefined_name; }\n',
});
