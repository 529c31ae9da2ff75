// Code replay size: a simulated student types a 60-line C++ solution over some minutes (typos
// fixed with backspace, thinking pauses, three runs, one submission). Prints bytes per minute of
// typing: raw (Ace's deltas as JSON with absolute times, what a naive recorder would send), wire
// (our encoding, snapshots included) and stored (brotli), plus the compression time.
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { type AceDelta, offsetOf, ReplayRecorder, wireBytes } from '@oj/shared';
import { packReplay } from '../src/modules/replays/pack';

const SOLUTION = `#include <bits/stdc++.h>
using namespace std;
using ll = long long;

const ll INF = LLONG_MAX / 4;

struct Edge {
    int to;
    ll w;
};

int n, m, s, t;
vector<vector<Edge>> g;

vector<ll> dijkstra(int src) {
    vector<ll> dist(n + 1, INF);
    priority_queue<pair<ll, int>, vector<pair<ll, int>>, greater<>> pq;
    dist[src] = 0;
    pq.push({0, src});
    while (!pq.empty()) {
        auto [d, u] = pq.top();
        pq.pop();
        if (d != dist[u]) continue;
        for (const Edge& e : g[u]) {
            if (d + e.w < dist[e.to]) {
                dist[e.to] = d + e.w;
                pq.push({dist[e.to], e.to});
            }
        }
    }
    return dist;
}

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    cin >> n >> m >> s >> t;
    g.assign(n + 1, {});
    for (int i = 0; i < m; ++i) {
        int u, v;
        ll w;
        cin >> u >> v >> w;
        g[u].push_back({v, w});
        g[v].push_back({u, w});
    }
    vector<ll> ds = dijkstra(s);
    vector<ll> dt = dijkstra(t);
    ll best = ds[t];
    int cnt = 0;
    for (int u = 1; u <= n; ++u) {
        if (ds[u] + dt[u] == best) ++cnt;
    }
    if (best >= INF) {
        cout << -1 << '\\n';
        return 0;
    }
    cout << best << ' ' << cnt << '\\n';
    return 0;
}
`;

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rowCol(doc: string, pos: number) {
  const before = doc.slice(0, pos).split('\n');
  return { row: before.length - 1, column: before[before.length - 1].length };
}

function simulate(seed: number) {
  const rand = rng(seed);
  let now = 0;
  const rec = new ReplayRecorder('', () => now);
  const raw: (AceDelta & { t: number })[] = [];
  let doc = '';
  const apply = (d: AceDelta) => {
    raw.push({ ...d, t: 1_700_000_000_000 + now });
    const pos = offsetOf(doc, d.start.row, d.start.column);
    const text = d.lines.join('\n');
    const after =
      d.action === 'insert'
        ? doc.slice(0, pos) + text + doc.slice(pos)
        : doc.slice(0, pos) + doc.slice(pos + text.length);
    rec.ace(d, after);
    doc = after;
  };
  const insert = (ch: string) => {
    const start = rowCol(doc, doc.length);
    const lines = ch.split('\n');
    const end =
      ch === '\n' ? { row: start.row + 1, column: 0 } : { row: start.row, column: start.column + ch.length };
    apply({ action: 'insert', start, end, lines });
  };
  const backspace = () => {
    const start = rowCol(doc, doc.length - 1);
    const ch = doc[doc.length - 1];
    apply({ action: 'remove', start, end: rowCol(doc, doc.length), lines: ch === '\n' ? ['', ''] : [ch] });
  };
  let runs = 0;
  const lines = SOLUTION.split('\n');
  for (let li = 0; li < lines.length; li++) {
    // Thinking before a line now and then; a run after some blocks.
    now += rand() < 0.15 ? 5_000 + rand() * 25_000 : 300 + rand() * 1_200;
    for (const ch of lines[li]) {
      now += 120 + rand() * 260; // ~3–4 keys a second
      if (rand() < 0.05) {
        insert(String.fromCharCode(97 + Math.floor(rand() * 26)));
        now += 200 + rand() * 400;
        backspace();
      }
      insert(ch);
    }
    if (li < lines.length - 1) insert('\n');
    if ((li === 30 || li === 45 || li === lines.length - 2) && runs < 3) {
      now += 2_000;
      rec.mark('r');
      runs++;
      now += 4_000 + rand() * 10_000;
    }
  }
  now += 3_000;
  rec.mark('s');
  return { wire: rec.cut(), raw, minutes: now / 60_000, doc };
}

const { wire, raw, minutes, doc } = simulate(15);
const rawBytes = Buffer.byteLength(JSON.stringify(raw));
const wireSize = wireBytes(wire);
const json = Buffer.from(JSON.stringify(wire));
const t0 = performance.now();
const packed = packReplay(wire, doc);
const packMs = performance.now() - t0;
const gz = gzipSync(json, { level: 9 });
const perMin = (b: number) => `${Math.round(b / minutes)} B/min`;

console.log(
  `typed: ${doc.split('\n').length} lines, ${doc.length} characters, ${wire.events.length} events, ${wire.snapshots.length} snapshots, ${minutes.toFixed(1)} minutes`,
);
console.log(`raw Ace deltas (JSON, absolute times): ${rawBytes} B = ${perMin(rawBytes)}`);
console.log(`wire (our encoding, JSON):             ${wireSize} B = ${perMin(wireSize)}`);
console.log(
  `stored (brotli q10, text mode):         ${packed.data.length} B = ${perMin(packed.data.length)} (check + pack ${packMs.toFixed(1)} ms)`,
);
console.log(`  gzip -9: ${gz.length} B`);
console.log(
  `  cap ${256} KiB on the wire ≈ ${Math.round((256 * 1024) / (wireSize / minutes))} minutes of such typing per submission`,
);
// The stored size by brotli quality, with and without the snapshots (which the player seeks from).
const sizes = [5, 9, 10, 11].map((q) => {
  const one = (v: object) => {
    const j = Buffer.from(JSON.stringify(v));
    const t = performance.now();
    const b = brotliCompressSync(j, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: q,
      },
    });
    return `${b.length} B (${(performance.now() - t).toFixed(1)} ms)`;
  };
  return `q${q}: ${one(wire)} / without snapshots ${one({ ...wire, snapshots: [] })}`;
});
console.log(`  brotli by quality:\n    ${sizes.join('\n    ')}`);
