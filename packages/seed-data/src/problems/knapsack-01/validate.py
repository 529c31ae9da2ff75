"""Checks a test input of problem 1004 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
n, cap = inp.ints(2, 1, 10**4, "n V")
if n > 1000:
    fail("n must be <= 1000")
for _ in range(n):
    v, _w = inp.ints(2, 0, 10**7, "v w")
    if not 1 <= v <= 10**4:
        fail(f"v = {v} is outside [1, 10^4]")
inp.end()
