"""Test generator of problem 1004: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1004_000 + i)
n, cap = [(1, 1), (1, 5), (5, 10), (10, 50), (20, 100), (100, 1000), (300, 5000), (1000, 10000), (1000, 10000), (1000, 10000)][i - 1]
items = []
for _ in range(n):
    if i == 2:
        v, w = 6, 100  # the only item does not fit
    elif i == 9:
        v = rnd.randint(1, 10**4)  # most items are too big alone
        w = rnd.randint(0, 10**7)
    elif i == 10:
        v = rnd.randint(1, 30)  # everything small: many items fit, a large total value
        w = 10**7 - rnd.randint(0, 1000)
    else:
        v = rnd.randint(1, max(1, cap // 3))
        w = rnd.randint(0, 10**7)
    items.append((v, w))
print(n, cap)
for v, w in items:
    print(v, w)
