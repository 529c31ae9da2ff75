import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'C#',
  file: 'scenarios.cs',
  compileError: 'class P { static void Main() { int x = "s"; } }\n',
});
