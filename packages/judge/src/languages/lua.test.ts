import { languageSuite } from '../../test/language-suite';

// Lua's stack holds at most 10^6 slots (LUAI_MAXSTACK, compiled in): about 190 000 calls deep.
languageSuite({
  language: 'Lua',
  file: 'scenarios.lua',
  compileError: 'local x = = 1\n',
  recursionDepth: 150_000,
});
