/* The C grader: reads two numbers, prints add(a, b) from the contestant's file. */
#include <stdio.h>
#include "grader.h"

int main(void) {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  printf("%lld\n", add(a, b));
  return 0;
}
