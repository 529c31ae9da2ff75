import Control.Exception (evaluate)
import qualified Data.ByteString as B
import Data.IORef
import System.CPUTime (getCPUTime)
import System.IO

depth :: Int -> Int
depth 0 = 0
depth n = depth (n - 1) + 1

burn :: Integer -> IO ()
burn limitPs = do
  t <- getCPUTime
  if t >= limitPs
    then return ()
    else do
      _ <- evaluate (sum [1 .. 100000 :: Int])
      burn limitPs

main :: IO ()
main = do
  hSetBuffering stdout (BlockBuffering Nothing)
  ws <- words <$> getContents
  case ws of
    ("sum" : a : b : _) -> print (read a + read b :: Integer)
    ("wa" : _) -> print (4 :: Int)
    ("ws" : _) -> putStr "1 2   \n3\t \n\n\n"
    ("pe" : _) -> putStr "1\n2\n"
    ("tle" : _) -> do
      r <- newIORef (0 :: Int)
      let loop = modifyIORef' r (+ 1) >> loop
      loop
    ("mle" : _) -> do
      let block = B.replicate (512 * 1024 * 1024) 1
      print (B.index block 12345)
    ("ole" : _) -> do
      let line = replicate 65536 'x'
      let loop = putStr line >> loop
      loop
    ("sign" : _) -> print (head ([] :: [Int]))
    ("rec" : n : _) -> print (depth (read n))
    ("cpu" : ms : _) -> burn (read ms * 1000000000) >> putStrLn "ok"
    ("mem" : mb : _) -> do
      let block = B.replicate (read mb * 1024 * 1024) 1
      putStrLn (if B.index block 5 == 1 then "ok" else "bad")
    _ -> return ()
