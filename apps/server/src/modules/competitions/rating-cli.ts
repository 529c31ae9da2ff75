import { readFileSync } from 'node:fs';
import { ratingChanges, type RatingInput } from './rating/codeforces';

/**
 * `npm run -s rating -- <file.json>`: reads `[{"handle","points","penalty","rating"}]` (rating null
 * for a new user) and prints one JSON object `{handle: delta}`.
 */
function parse(text: string): RatingInput[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('输入必须是数组');
  return data.map((raw: unknown, i) => {
    const o = raw as Record<string, unknown>;
    const num = (k: string) => {
      if (typeof o[k] !== 'number' || !Number.isFinite(o[k]))
        throw new Error(`第 ${i + 1} 项的 ${k} 必须是数字`);
      return o[k];
    };
    if (typeof o.handle !== 'string') throw new Error(`第 ${i + 1} 项的 handle 必须是字符串`);
    const rating = o.rating === null || o.rating === undefined ? null : num('rating');
    return { handle: o.handle, points: num('points'), penalty: num('penalty'), rating };
  });
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('用法：npm run -s rating -- <file.json>\n');
  process.exit(2);
}
try {
  process.stdout.write(`${JSON.stringify(ratingChanges(parse(readFileSync(file, 'utf8'))))}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
