/* eslint-disable */
// A judged program (CommonJS, run by /usr/bin/node), not part of the project's code.
// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
const fs = require('fs');
const net = require('net');
const { spawn } = require('child_process');

const what = fs.readFileSync(0, 'utf8').trim().split(/\s+/)[0];

function blocked(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 2000 }, () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
    s.on('timeout', () => {
      s.destroy();
      resolve(true);
    });
  });
}

(async () => {
  if (what === 'fork') {
    for (;;) {
      try {
        spawn('/bin/sh', ['-c', 'sleep 100']).on('error', () => {});
      } catch {
        // refused: keep trying
      }
    }
  } else if (what === 'write') {
    for (const p of ['/etc/oj-hostile', '/usr/oj-hostile', '/prog/oj-hostile', '/oj-hostile']) {
      try {
        fs.writeFileSync(p, '');
        console.log('written');
      } catch {
        console.log('denied');
      }
    }
  } else if (what === 'net') {
    const all = await Promise.all([
      blocked('127.0.0.1', 5432),
      blocked('127.0.0.1', 6379),
      blocked('127.0.0.1', 8080),
      blocked('1.1.1.1', 53),
    ]);
    console.log(all.every(Boolean) ? 'blocked' : 'connected');
  } else if (what === 'kill') {
    for (const pid of [-1, process.ppid, 1]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // not allowed
      }
    }
    console.log('done');
  }
})();
