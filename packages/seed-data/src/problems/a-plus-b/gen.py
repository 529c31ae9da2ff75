"""Test generator of problem 1000: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1000_000 + i)
LIMIT = 10**9
fixed = {1: (0, 0), 2: (LIMIT, LIMIT), 3: (-LIMIT, -LIMIT), 4: (LIMIT, -LIMIT)}
if i in fixed:
    a, b = fixed[i]
elif i <= 6:
    a, b = rnd.randint(-100, 100), rnd.randint(-100, 100)
else:
    a, b = rnd.randint(-LIMIT, LIMIT), rnd.randint(-LIMIT, LIMIT)
print(a, b)
