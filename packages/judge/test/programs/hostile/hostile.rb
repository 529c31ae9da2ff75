# Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
require 'socket'
require 'timeout'

def blocked(host, port)
  Timeout.timeout(2) { Socket.tcp(host, port).close }
  false
rescue StandardError, Timeout::Error
  true
end

case $stdin.read.split.first
when 'fork'
  loop do
    fork
  rescue StandardError
    nil
  end
when 'threads'
  n = 0
  begin
    while n < 10_000
      Thread.new { sleep 1000 }
      n += 1
    end
  rescue ThreadError
    nil
  end
  puts(n < 10_000 ? 'capped' : 'uncapped')
  $stdout.flush
  exit!(0)
when 'write'
  %w[/etc/oj-hostile /usr/oj-hostile /prog/oj-hostile /oj-hostile].each do |path|
    File.write(path, '')
    puts 'written'
  rescue SystemCallError
    puts 'denied'
  end
when 'net'
  all = [['127.0.0.1', 5432], ['127.0.0.1', 6379], ['127.0.0.1', 8080], ['1.1.1.1', 53]].all? { |h, p| blocked(h, p) }
  puts(all ? 'blocked' : 'connected')
when 'kill'
  [-1, Process.ppid, 1].each do |pid|
    Process.kill(:KILL, pid)
  rescue SystemCallError
    nil
  end
  puts 'done'
end
