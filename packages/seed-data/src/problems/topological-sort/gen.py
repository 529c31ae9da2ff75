"""Test generator of problem 1009: `gen.py <i>` prints test i. Seeded by i, so always the same.

Every test is a DAG: edges go from an earlier to a later position of a hidden random order."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1009_000 + i)
n, m = [(1, 0), (2, 1), (6, 8), (30, 40), (100, 300), (500, 1000), (2000, 0), (2000, 1999), (2000, 4000), (2000, 4000)][i - 1]
order = list(range(1, n + 1))
rnd.shuffle(order)
edges = []
if i == 8:
    # a single chain: exactly one valid answer
    edges = list(zip(order, order[1:]))
else:
    while len(edges) < m:
        x, y = sorted(rnd.sample(range(n), 2))
        if i == 10:
            y = min(n - 1, x + rnd.randint(1, 5))  # short hops: long dependency chains
        edges.append((order[x], order[y]))
        if i == 9 and len(edges) < m and rnd.random() < 0.1:
            edges.append(edges[-1])  # repeated requirements
rnd.shuffle(edges)
print(n, len(edges))
for u, v in edges:
    print(u, v)
