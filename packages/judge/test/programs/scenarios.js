/* eslint-disable */
// A judged program (CommonJS, run by /usr/bin/node), not part of the project's code.
const args = require('fs').readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const what = args[0];
const depth = (n) => (n === 0 ? 0 : depth(n - 1) + 1);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
if (what === 'sum') console.log(Number(args[1]) + Number(args[2]));
else if (what === 'wa') console.log(4);
else if (what === 'ws') process.stdout.write('1 2   \n3\t \n\n\n');
else if (what === 'pe') process.stdout.write('1\n2\n');
else if (what === 'tle') { for (;;); }
else if (what === 'mle') { const b = Buffer.alloc(512 << 20, 1); console.log(b[12345]); }
else if (what === 'ole') { const fs = require('fs'); const s = 'x'.repeat(65536); for (;;) fs.writeSync(1, s); }
else if (what === 'sign') throw new Error('boom');
else if (what === 'rec') console.log(depth(Number(args[1])));
else if (what === 'cpu') { let x = 0; while (cpuMs() < Number(args[1])) for (let i = 0; i < 100000; i++) x += i; console.log('ok'); }
else if (what === 'mem') { const b = Buffer.alloc(Number(args[1]) << 20, 1); console.log(b[5] === 1 ? 'ok' : 'bad'); }
