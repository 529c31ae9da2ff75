"""Checks a test input of problem 1002 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
n, m, s = inp.ints(3, 0, 3000, "n m s")
if not (1 <= n <= 2000 and 1 <= s <= n):
    fail("need 1 <= n <= 2000 and 1 <= s <= n")
for _ in range(m):
    u, v, _w = inp.ints(3, 0, 10**9, "u v w")
    if not (1 <= u <= n and 1 <= v <= n):
        fail(f"edge {u} {v}: vertices must be in [1, n]")
inp.end()
