import type { Language } from '../enums';

/**
 * The editor's starting code per language (SPEC §3: the default templates are a+b programs).
 * Each one reads two integers and prints their sum, so a new user can submit it unchanged to
 * problem 1000 and see an Accepted verdict. Java's class must be `Main` (the judge runs `Main`).
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
};
