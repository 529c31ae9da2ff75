import { languageSuite } from '../testing/language-suite';

languageSuite({ language: 'JavaScript', file: 'scenarios.js', compileError: 'function (\n' });
