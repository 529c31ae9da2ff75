def depth(n)
  n.zero? ? 0 : depth(n - 1) + 1
end

args = $stdin.read.split
case args[0]
when 'sum'
  puts args[1].to_i + args[2].to_i
when 'wa'
  puts 4
when 'ws'
  print "1 2   \n3\t \n\n\n"
when 'pe'
  print "1\n2\n"
when 'tle'
  x = 0
  loop { x += 1 }
when 'mle'
  block = "\x01" * (512 << 20)
  puts block.getbyte(12_345)
when 'ole'
  line = 'x' * 65_536
  loop { $stdout.write(line) }
when 'sign'
  raise 'boom'
when 'rec'
  puts depth(args[1].to_i)
when 'cpu'
  limit = args[1].to_i / 1000.0
  x = 0
  x += 1 while Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) < limit
  puts 'ok'
when 'mem'
  block = "\x01" * (args[1].to_i << 20)
  puts block.getbyte(5) == 1 ? 'ok' : 'bad'
end
