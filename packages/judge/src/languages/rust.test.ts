import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Rust',
  file: 'scenarios.rs',
  compileError: 'fn main() {\n    let x: i32 = "s";\n}\n',
});
