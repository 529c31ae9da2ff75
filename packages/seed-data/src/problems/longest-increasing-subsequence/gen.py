"""Test generator of problem 1003: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1003_000 + i)
V = 10**9
if i == 1:
    a = [42]
elif i == 2:
    a = list(range(-10, 10))
elif i == 3:
    a = list(range(30, 0, -1))
elif i == 4:
    a = [rnd.randint(1, 5) for _ in range(100)]  # many equal values: strictness matters
elif i == 5:
    a = [rnd.randint(-100, 100) for _ in range(300)]
elif i == 6:
    a = [7] * 1000
elif i == 7:
    # increasing with noise: a long answer
    a = [k * 1000 + rnd.randint(-3000, 3000) for k in range(2000)]
elif i == 8:
    # a few interleaved increasing runs
    runs = [sorted(rnd.randint(-V, V) for _ in range(1000)) for _ in range(5)]
    a = [runs[k % 5][k // 5] for k in range(5000)]
else:
    a = [rnd.randint(-V, V) for _ in range(5000)]
print(len(a))
print(" ".join(map(str, a)))
