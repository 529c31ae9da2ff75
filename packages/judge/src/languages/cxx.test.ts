import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'C++',
  file: 'scenarios.cpp',
  compileError: 'int main() { return undefined_name; }\n',
});
