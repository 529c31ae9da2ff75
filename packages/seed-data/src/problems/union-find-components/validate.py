"""Checks a test input of problem 1005 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
n, m = inp.ints(2, 0, 10**5, "n m")
if n < 1 or m > 5000:
    fail("need 1 <= n <= 10^5 and 0 <= m <= 5000")
for _ in range(m):
    inp.ints(2, 1, n, "u v")
inp.end()
