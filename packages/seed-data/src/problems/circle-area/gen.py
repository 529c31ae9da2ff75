"""Test generator of problem 1008: `gen.py <i>` prints test i. Seeded by i, so always the same."""
import random
import sys

i = int(sys.argv[1])
rnd = random.Random(1008_000 + i)


def radius(lo_milli, hi_milli):
    x = rnd.randint(lo_milli, hi_milli)
    whole, frac = divmod(x, 1000)
    return str(whole) if frac == 0 else f"{whole}.{frac:03d}".rstrip("0")


if i == 1:
    rs = ["1"]
elif i == 2:
    rs = ["0.001", "0.002", "0.01", "0.1"]  # tiny areas: only the absolute error can be met
elif i == 3:
    rs = ["10000", "9999.999", "5000"]  # huge areas: only the relative error can be met
elif i <= 5:
    rs = [str(rnd.randint(1, 100)) for _ in range(50)]
elif i <= 7:
    rs = [radius(1, 10_000) for _ in range(300)]
else:
    rs = [radius(1, 10_000_000) for _ in range(1000)]
print(len(rs))
print("\n".join(rs))
