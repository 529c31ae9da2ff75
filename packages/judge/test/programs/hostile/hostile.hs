-- Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
-- No network package ships with GHC: sockets are reached through bash, as a program could.
import Control.Exception (SomeException, try)
import Control.Monad (forM_, forever)
import System.Exit (ExitCode (..))
import System.IO
import System.Posix.Process (forkProcess, getParentProcessID)
import System.Posix.Signals (killProcess, signalProcess)
import System.Process (system)

blocked :: String -> Int -> IO Bool
blocked host port = do
  r <- system ("exec bash -c 'exec 3<>/dev/tcp/" ++ host ++ "/" ++ show port ++ "' 2>/dev/null")
  return (r /= ExitSuccess)

attempt :: IO a -> IO ()
attempt act = either ignore (const ()) <$> try act
  where
    ignore :: SomeException -> ()
    ignore _ = ()

main :: IO ()
main = do
  what <- head . words <$> getContents
  case what of
    "fork" -> forever (attempt (forkProcess (forever (return ()))))
    "write" ->
      forM_ ["/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"] $ \p -> do
        r <- try (writeFile p "") :: IO (Either SomeException ())
        putStrLn (either (const "denied") (const "written") r)
    "net" -> do
      bs <- mapM (uncurry blocked) [("127.0.0.1", 5432), ("127.0.0.1", 6379), ("127.0.0.1", 8080), ("1.1.1.1", 53)]
      putStrLn (if and bs then "blocked" else "connected")
    "kill" -> do
      parent <- getParentProcessID
      mapM_ (attempt . signalProcess killProcess) [-1, parent, 1]
      putStrLn "done"
    _ -> return ()
