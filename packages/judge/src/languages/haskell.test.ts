import { languageSuite } from '../../test/language-suite';

languageSuite({
  language: 'Haskell',
  file: 'scenarios.hs',
  compileError: 'main :: IO ()\nmain = putStrLn (1 :: Int)\n',
});
