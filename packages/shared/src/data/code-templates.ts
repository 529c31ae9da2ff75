import type { Language } from '../enums';

/**
 * The editor's starting code per language (SPEC §3: the default templates are a+b programs).
 * Each one reads two integers and prints their sum, so a new user can submit it unchanged to
 * problem 1000 and see an Accepted verdict. Java's class must be `Main` (the judge runs `Main`); the languages of issue 25 follow the same idea.
 */
export const DEFAULT_CODE_TEMPLATES: Readonly<Record<Language, string>> = {
  C: `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`,
  'C++': `#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    long long a, b;
    cin >> a >> b;
    cout << a + b << '\\n';
    return 0;
}
`,
  Python3: `a, b = map(int, input().split())
print(a + b)
`,
  Java: `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`,
  Go: `package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
`,
  JavaScript: `const data = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);
console.log((data[0] + data[1]).toString());
`,
  PyPy3: `import sys

a, b = map(int, sys.stdin.readline().split())
print(a + b)
`,
  Rust: `use std::io::{self, Read};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|x| x.parse::<i64>().unwrap());
    let (a, b) = (it.next().unwrap(), it.next().unwrap());
    println!("{}", a + b);
}
`,
  Pascal: `var
  a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
`,
  'C#': `using System;

class Program
{
    static void Main()
    {
        string[] parts = Console.ReadLine().Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
        long a = long.Parse(parts[0]), b = long.Parse(parts[1]);
        Console.WriteLine(a + b);
    }
}
`,
  Ruby: `a, b = gets.split.map(&:to_i)
puts a + b
`,
  PHP: `<?php
[$a, $b] = array_map('intval', preg_split('/\\s+/', trim(fgets(STDIN))));
echo $a + $b, PHP_EOL;
`,
  Lua: `local a, b = io.read('n', 'n')
print(math.tointeger(a + b) or a + b)
`,
  Haskell: `main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine :: IO [Integer]
  print (a + b)
`,
  Kotlin: `fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`,
};
