"""Test generator of problem 1006: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1006_000 + i)
if i == 1:
    a = [1]
elif i == 2:
    a = [2, 1]
elif i == 3:
    a = [rnd.randint(1, 3) for _ in range(50)]  # many ties: equal values are not inversions
elif i == 4:
    a = [rnd.randint(1, 1000) for _ in range(500)]
elif i == 5:
    a = list(range(1, 3001))  # sorted: zero
elif i == 6:
    a = list(range(10000, 0, -1))  # reversed: the maximum n(n-1)/2
elif i == 7:
    a = [5] * 10000  # all equal: zero
elif i == 8:
    a = [rnd.randint(1, 10**9) for _ in range(4000)]
elif i == 9:
    a = list(range(1, 5001))  # nearly sorted
    for _ in range(200):
        x, y = rnd.randrange(len(a)), rnd.randrange(len(a))
        a[x], a[y] = a[y], a[x]
else:
    a = [rnd.randint(1, 100) for _ in range(6000)]
print(len(a))
print(" ".join(map(str, a)))
