n = int(input())
lo, hi = 1, n
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    r = int(input())
    if r == 0:
        lo = hi = mid
    elif r > 0:
        lo = mid + 1
    else:
        hi = mid - 1
print("!", lo, flush=True)
