import { languageSuite } from '../../test/language-suite';

languageSuite({ language: 'JavaScript', file: 'scenarios.js', compileError: 'function (\n' });
