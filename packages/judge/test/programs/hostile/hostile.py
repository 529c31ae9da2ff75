# Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
import os
import signal
import socket
import sys
import threading
import time


def blocked(host, port):
    try:
        socket.create_connection((host, port), timeout=2).close()
        return False
    except OSError:
        return True


what = sys.stdin.read().split()[0]
if what == 'fork':
    while True:
        try:
            os.fork()
        except OSError:
            pass
elif what == 'threads':
    n = 0
    try:
        while n < 10000:
            threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()
            n += 1
    except RuntimeError:
        pass
    print('capped' if n < 10000 else 'uncapped', flush=True)
    os._exit(0)
elif what == 'write':
    for path in ['/etc/oj-hostile', '/usr/oj-hostile', '/prog/oj-hostile', '/oj-hostile']:
        try:
            open(path, 'w').close()
            print('written')
        except OSError:
            print('denied')
elif what == 'net':
    ok = all(blocked(h, p) for h, p in [('127.0.0.1', 5432), ('127.0.0.1', 6379), ('127.0.0.1', 8080), ('1.1.1.1', 53)])
    print('blocked' if ok else 'connected')
elif what == 'kill':
    for pid in (-1, os.getppid(), 1):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    print('done')
