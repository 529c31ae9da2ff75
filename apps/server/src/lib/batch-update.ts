import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * Which rows: those whose `key` column equals a row's key, within `scope` (a column = value) when
 * given — users by id, or one contest's participants by user id.
 */
export interface BatchTarget {
  table: string;
  key: string;
  scope?: { column: string; value: number };
}

const CHUNK = 300;

/**
 * Sets integer columns of many rows, one statement per 300 rows: an UPDATE joined to a VALUES
 * list (`with v(...) as (values ...) update ... from v`), which SQLite (3.33+) and PostgreSQL
 * both run as one keyed lookup per row. Row-by-row UPDATEs, or CASE lists (quadratic), made a
 * 1000-contestant recompute take most of a second. The casts type the parameters for PostgreSQL.
 */
export async function setIntegerColumns(
  exec: QueryExecutorProvider,
  target: BatchTarget,
  columns: readonly string[],
  rows: { key: number; values: (number | null)[] }[],
): Promise<void> {
  const int = (v: number | null) => sql`cast(${v} as integer)`;
  const names = sql.join([sql.ref('k'), ...columns.map((c) => sql.ref(c))]);
  const set = sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`));
  const keyMatch = sql`${sql.ref(`${target.table}.${target.key}`)} = v.k`;
  const where = target.scope
    ? sql`${sql.ref(`${target.table}.${target.scope.column}`)} = ${target.scope.value} and ${keyMatch}`
    : keyMatch;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows.slice(i, i + CHUNK).map((r) => sql`(${sql.join([int(r.key), ...r.values.map(int)])})`),
    );
    await sql`with v(${names}) as (values ${values})
      update ${sql.table(target.table)} set ${set} from v where ${where}`.execute(exec);
  }
}
