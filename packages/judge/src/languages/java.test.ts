import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Java',
  file: 'Main.java',
  compileError: 'public class Main { public static void main(String[] a) { int x = "s"; } }\n',
});
