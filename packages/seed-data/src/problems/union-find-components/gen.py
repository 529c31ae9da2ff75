"""Test generator of problem 1005: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1005_000 + i)
n, m = [(1, 0), (5, 1), (10, 10), (100, 80), (1000, 500), (100000, 0), (100000, 5000), (5000, 5000), (3000, 5000), (100000, 5000)][i - 1]
edges = []
if i == 9:
    # one long chain given in random order: the whole class is one circle
    perm = list(range(1, n + 1))
    rnd.shuffle(perm)
    edges = list(zip(perm, perm[1:]))
    rnd.shuffle(edges)
    m = len(edges)
elif i == 10:
    # a few large groups among many loners
    groups = [rnd.sample(range(1, n + 1), 1200) for _ in range(4)]
    for g in groups:
        for a, b in zip(g, g[1:]):
            edges.append((a, b))
    edges = edges[:m]
    rnd.shuffle(edges)
else:
    for _ in range(m):
        u = rnd.randint(1, n)
        v = u if rnd.random() < 0.05 else rnd.randint(1, n)
        edges.append((u, v))
print(n, len(edges))
for u, v in edges:
    print(u, v)
