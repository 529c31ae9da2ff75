"""Checks a test input of problem 1000 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import read  # noqa: E402

inp = read()
inp.ints(2, -10**9, 10**9, "a b")
inp.end()
