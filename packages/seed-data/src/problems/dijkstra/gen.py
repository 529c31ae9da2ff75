"""Test generator of problem 1002: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1002_000 + i)
W = 10**9

if i == 1:
    n, s, edges = 1, 1, []
elif i == 2:
    # a chain of heavy edges: the distances exceed 2^31 - 1
    n, s = 8, 1
    edges = [(k, k + 1, W) for k in range(1, n)]
else:
    n = [0, 0, 5, 10, 50, 200, 1000, 2000, 2000, 2000][i - 1]
    m = [0, 0, 0, 20, 120, 600, 1200, 3000, 3000, 3000][i - 1]
    s = rnd.randint(1, n)
    maxw = 10 if i in (4, 8) else W
    edges = []
    if i == 9:
        # a long path with shortcuts that look cheap locally but cost more in total
        order = list(range(1, n + 1))
        rnd.shuffle(order)
        s = order[0]
        for a, b in zip(order, order[1:]):
            edges.append((a, b, rnd.randint(0, 1000)))
    while len(edges) < m:
        u = rnd.randint(1, n)
        v = rnd.randint(1, n) if rnd.random() < 0.95 else u
        edges.append((u, v, rnd.randint(0, maxw)))
    rnd.shuffle(edges)
print(n, len(edges), s)
for u, v, w in edges:
    print(u, v, w)
