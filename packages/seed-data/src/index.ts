// The content shipped with the product (demo problems, math/408 questions) and its loaders. The
// server's first-start seeding reads it; the folders sit next to their loaders, found from
// `import.meta.url`, so they are read from here whether the server runs from source or compiled.
export * from './problems/index';
export * from './math408/index';
