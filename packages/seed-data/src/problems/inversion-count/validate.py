"""Checks a test input of problem 1006 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
(n,) = inp.ints(1, 1, 10**4, "n")
inp.ints(n, 1, 10**9, "a_i")
inp.end()
