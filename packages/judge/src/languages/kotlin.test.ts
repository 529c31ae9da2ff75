import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Kotlin',
  file: 'scenarios.kt',
  compileError: 'fun main() {\n    val x: Int = "s"\n}\n',
});
