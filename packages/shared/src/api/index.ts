export * from './common';
export * from './users';
export * from './password-crypto';
export * from './problems';
export * from './submissions';
export * from './math408';
export * from './competitions';
