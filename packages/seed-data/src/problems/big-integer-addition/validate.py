"""Checks a test input of problem 1007 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
import re  # noqa: E402

for name in ("A", "B"):
    s = inp.line()
    if not re.fullmatch(r"0|[1-9][0-9]{0,9999}", s):
        fail(f"{name} must be a non-negative integer of at most 10^4 digits without leading zeros")
inp.end()
