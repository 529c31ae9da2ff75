/**
 * Demo questions of the math / 408 bank: one JSON file per question in this folder, named
 * `NN-slug.json`; validated by schema.ts when loaded.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Math408Question } from './schema';

export { Math408Question } from './schema';

export const MATH408_DIR = dirname(fileURLToPath(import.meta.url));

export function math408QuestionFiles(): string[] {
  return readdirSync(MATH408_DIR)
    .filter((f) => /^\d+-[a-z0-9-]+\.json$/.test(f))
    .sort();
}

export async function loadMath408Question(file: string): Promise<Math408Question> {
  const parsed = Math408Question.safeParse(JSON.parse(await readFile(join(MATH408_DIR, file), 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** All questions in file order (question_id order). */
export async function loadMath408Questions(): Promise<Math408Question[]> {
  return Promise.all(math408QuestionFiles().map(loadMath408Question));
}
