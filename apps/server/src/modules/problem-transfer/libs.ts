import { createRequire } from 'node:module';
import type TurndownService from 'turndown';

/**
 * The libraries of the package formats, loaded on first use (issue 28): the server's main thread
 * only sniffs uploads and writes exports, parsing runs in the import worker, so an idle server
 * holds none of them (~3 MB of heap: turndown with its DOM, fast-xml-parser, yaml). Loaded with
 * `require` so that a use stays synchronous; these are the same files `import` loads, except
 * fast-xml-parser, whose package ships the same version as CommonJS (lib/fxp.cjs).
 */
const load = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;
let xml: typeof import('fast-xml-parser') | undefined;
let turndown: typeof TurndownService | undefined;

export const yamlLib = () => (yaml ??= load('yaml') as typeof import('yaml'));
export const xmlLib = () => (xml ??= load('fast-xml-parser') as typeof import('fast-xml-parser'));
export const turndownLib = () => (turndown ??= load('turndown') as typeof TurndownService);
