import { languageSuite } from '../../test/language-suite';

languageSuite({ language: 'PHP', file: 'scenarios.php', compileError: '<?php\nfunction (\n' });
