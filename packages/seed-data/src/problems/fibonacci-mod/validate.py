"""Checks a test input of problem 1001 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import read  # noqa: E402

inp = read()
(t,) = inp.ints(1, 1, 1000, "T")
for _ in range(t):
    inp.ints(1, 1, 10**18, "n")
inp.end()
