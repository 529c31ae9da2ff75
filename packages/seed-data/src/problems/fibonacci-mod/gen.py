"""Test generator of problem 1001: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1001_000 + i)
if i == 1:
    ns = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
elif i <= 3:
    ns = [rnd.randint(1, 90) for _ in range(20)]
elif i <= 5:
    ns = [rnd.randint(1, 10**6) for _ in range(50)]
elif i == 6:
    # edges of the exponent's bit patterns: 2^k and 2^k - 1
    ns = [2**k for k in range(60)] + [2**k - 1 for k in range(1, 60)]
elif i == 10:
    ns = [10**18] * 3 + [10**18 - k for k in range(1, 998)]
else:
    ns = [rnd.randint(1, 10**18) for _ in range(300 if i <= 8 else 1000)]
print(len(ns))
print("\n".join(map(str, ns)))
