/** Times are stored as UTC ISO-8601 text: sortable as strings on SQLite and PostgreSQL alike. */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
