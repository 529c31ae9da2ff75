"""Shared strict reader for the demo problems' input validators (validate.py in each folder).

A validator reads a test input on stdin and exits nonzero with a message when the input breaks the
statement's format or limits. The format is strict on purpose: single spaces between numbers, one
newline at the end of every line, no leading zeros, so that every language's reader handles it.
"""
import re
import sys

INT = re.compile(r"-?(0|[1-9][0-9]*)\Z")


class Input:
    def __init__(self, text):
        if not text.endswith("\n"):
            fail("the input must end with a newline")
        self.lines = text[:-1].split("\n")
        self.pos = 0

    def line(self):
        if self.pos >= len(self.lines):
            fail("unexpected end of input")
        s = self.lines[self.pos]
        self.pos += 1
        return s

    def ints(self, count, lo, hi, what):
        """One line of exactly `count` integers in [lo, hi], separated by single spaces."""
        s = self.line()
        parts = s.split(" ") if s else []
        if len(parts) != count:
            fail(f"line {self.pos}: expected {count} numbers ({what}), got {len(parts)}")
        values = []
        for p in parts:
            if not INT.match(p):
                fail(f"line {self.pos}: {p!r} is not an integer ({what})")
            v = int(p)
            if not lo <= v <= hi:
                fail(f"line {self.pos}: {what} = {v} is outside [{lo}, {hi}]")
            values.append(v)
        return values

    def end(self):
        if self.pos != len(self.lines):
            fail(f"extra content after line {self.pos}")


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def read():
    return Input(sys.stdin.read())
