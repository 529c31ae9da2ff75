import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIELD_LABELS } from '@oj/shared';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['apps/server/src', 'packages/shared/src'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !path.includes('/test/')) yield path;
  }
}

/** Lines that make a message a user reads: thrown errors and schema messages. */
const MESSAGE_LINE =
  /throw |badRequest\(|notFound\(|forbidden\(|conflict\(|tooLarge\(|rateLimited\(|AppError\(|error: |message: |\.(min|max|int|regex|refine|length|nonnegative|positive)\(/;
const STRING = /'([^'\n]*)'|`([^`\n]*)`/g;
const HAN = /\p{Script=Han}/u;
/** Words a message may hold in ASCII: units, formats and the values a field takes. */
const ALLOWED = new Set(['zip', 'visible', 'hidden']);

describe('messages shown to users', () => {
  it('name fields in words, never by their identifiers (account, competition_id, uuid …)', () => {
    const identifiers = new Set(Object.keys(FIELD_LABELS));
    const offenders: string[] = [];
    for (const dir of SOURCES) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (
              !MESSAGE_LINE.test(line) ||
              /^\s*(\/\/|\*)/.test(line) ||
              /summary: |log\.|new Error\(/.test(line)
            )
              return;
            for (const m of line.matchAll(STRING)) {
              const text = (m[1] ?? m[2]).replace(/\$\{[^}]*\}/g, '');
              if (!HAN.test(text)) continue;
              const words = text.match(/[A-Za-z_][A-Za-z0-9_.]*/g) ?? [];
              const bad = words.filter(
                (w) =>
                  !ALLOWED.has(w) &&
                  !/^[A-Z][A-Z0-9_]+$/.test(w) &&
                  (w.includes('_') || identifiers.has(w) || /^[a-z]+[A-Z]/.test(w)),
              );
              if (bad.length)
                offenders.push(`${file.slice(ROOT.length)}:${i + 1}: ${text} [${bad.join(', ')}]`);
            }
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
