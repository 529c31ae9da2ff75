import sys
import time


def depth(n):
    return 0 if n == 0 else depth(n - 1) + 1


def main():
    args = sys.stdin.read().split()
    what = args[0]
    if what == 'sum':
        print(int(args[1]) + int(args[2]))
    elif what == 'wa':
        print(4)
    elif what == 'ws':
        sys.stdout.write('1 2   \n3\t \n\n\n')
    elif what == 'pe':
        sys.stdout.write('1\n2\n')
    elif what == 'tle':
        while True:
            pass
    elif what == 'mle':
        block = bytearray(b'\x01') * (512 << 20)
        print(block[12345])
    elif what == 'ole':
        line = 'x' * 65536
        while True:
            sys.stdout.write(line)
    elif what == 'sign':
        raise RuntimeError('boom')
    elif what == 'rec':
        sys.setrecursionlimit(10**7)
        print(depth(int(args[1])))
    elif what == 'cpu':
        limit = int(args[1]) / 1000
        x = 0
        while time.process_time() < limit:
            for i in range(10000):
                x += i
        print('ok')
    elif what == 'mem':
        block = bytearray(b'\x01') * (int(args[1]) << 20)
        print('ok' if block[5] == 1 else 'bad')


main()
