import { describe, expect, it } from 'vitest';
import { javaSourceFile, publicTopLevelType } from './java-main';

describe('the file name javac accepts for a Java source', () => {
  it('is the public top-level type, whatever its kind and modifiers', () => {
    expect(javaSourceFile('public class Main {}')).toBe('Main.java');
    expect(javaSourceFile('import java.util.*;\npublic final class Solution {}')).toBe('Solution.java');
    expect(publicTopLevelType('@SuppressWarnings("unchecked")\npublic abstract class A {}')).toBe('A');
    expect(publicTopLevelType('public interface Task { static void main(String[] a) {} }')).toBe('Task');
    expect(publicTopLevelType('public enum E { X }')).toBe('E');
    expect(publicTopLevelType('public record P(int x) {}')).toBe('P');
    expect(publicTopLevelType('public sealed class S permits T {}\nfinal class T extends S {}')).toBe('S');
    expect(publicTopLevelType('package a.b;\n\npublic /* note */ class /* x */ Named {}')).toBe('Named');
    expect(publicTopLevelType('public class 解答 {}')).toBe('解答');
  });

  it('is Main when no top-level type is public', () => {
    expect(javaSourceFile('class Solution { public static void main(String[] a) {} }')).toBe('Main.java');
    expect(javaSourceFile('')).toBe('Main.java');
  });

  it('skips comments, strings, text blocks, characters and nested declarations', () => {
    const source = [
      '// public class Line {}',
      '/* public class Block {} */',
      'class Outer {',
      '  public static class Nested {}',
      '  String s = "public class InString {";',
      '  char c = \'{\';',
      '  String t = """',
      '    public class InTextBlock {',
      '    """;',
      '}',
      'public class Real {}',
    ].join('\n');
    expect(publicTopLevelType(source)).toBe('Real');
    expect(publicTopLevelType('class A { public class B {} }')).toBeUndefined();
    expect(publicTopLevelType('class A { String s = "\\"}"; }\npublic class C {}')).toBe('C');
  });

  it('does not take an import or a method for a declaration', () => {
    expect(publicTopLevelType('import a.record.Thing;\nclass X {}')).toBeUndefined();
    expect(publicTopLevelType('class X { public void run() {} }')).toBeUndefined();
  });
});
