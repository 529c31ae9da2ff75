import { ratingDeltas } from '../src/modules/competitions/rating/codeforces';

// Rating time for 10 000 contestants (issue 6 figure): spread ratings, ties, a fifth new users.
for (const n of [1000, 10_000]) {
  const rows = Array.from({ length: n }, (_, i) => ({
    handle: `u${i}`,
    points: Math.floor(i / 7) % 13,
    penalty: (i * 37) % 500,
    rating: i % 5 === 0 ? null : 600 + ((i * 7919) % 3000),
  }));
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    ratingDeltas(rows);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`rating ${n} contestants: median ${times[2].toFixed(1)} ms, best ${times[0].toFixed(1)} ms`);
}
