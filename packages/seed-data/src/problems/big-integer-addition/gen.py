"""Test generator of problem 1007: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1007_000 + i)


def number(digits):
    if digits == 1:
        return str(rnd.randint(0, 9))
    return str(rnd.randint(1, 9)) + "".join(rnd.choice("0123456789") for _ in range(digits - 1))


if i == 1:
    a, b = "0", "12345"
elif i == 2:
    a, b = "9" * 18, "9" * 18  # just past 64-bit
elif i == 3:
    a, b = "9" * 10000, "1"  # a carry through every digit
elif i == 4:
    a, b = number(30), number(5)
elif i == 5:
    a, b = number(200), number(199)
elif i == 6:
    a, b = "1" + "0" * 9999, "9" * 9999
elif i == 7:
    a, b = number(1000), number(3000)
else:
    a, b = number(10000), number(rnd.randint(9000, 10000))
print(a)
print(b)
