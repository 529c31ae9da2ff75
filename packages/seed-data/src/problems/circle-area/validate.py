"""Checks a test input of problem 1008 against the statement (see ../validator_lib.py)."""
import os
import sys

# no __pycache__ inside the content folders
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from validator_lib import fail, read  # noqa: E402

inp = read()
import re  # noqa: E402

(t,) = inp.ints(1, 1, 1000, "T")
for _ in range(t):
    s = inp.line()
    # a plain decimal with at most 3 digits after the point, no trailing zeros after it
    if not re.fullmatch(r"(0|[1-9][0-9]*)(\.[0-9]{0,2}[1-9])?", s):
        fail(f"{s!r} is not a real number with at most 3 decimals")
    if not 0 < float(s) <= 10**4:
        fail(f"r = {s} is outside (0, 10^4]")
inp.end()
