"""Checks a test input of problem 1009 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
n, m = inp.ints(2, 0, 4000, "n m")
if not 1 <= n <= 2000:
    fail("n must be in [1, 2000]")
adj = [[] for _ in range(n + 1)]
indeg = [0] * (n + 1)
for _ in range(m):
    u, v = inp.ints(2, 1, n, "u v")
    if u == v:
        fail(f"requirement {u} {v} is a self-loop")
    adj[u].append(v)
    indeg[v] += 1
inp.end()
# the statement promises a DAG: Kahn's algorithm must reach every vertex
ready = [v for v in range(1, n + 1) if indeg[v] == 0]
seen = 0
while ready:
    u = ready.pop()
    seen += 1
    for v in adj[u]:
        indeg[v] -= 1
        if indeg[v] == 0:
            ready.append(v)
if seen != n:
    fail("the requirements contain a cycle")
