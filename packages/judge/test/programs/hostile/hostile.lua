-- Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
-- Plain Lua has no fork, threads or sockets: it reaches them through the shell, as a program would.
local what = io.read('a'):match('%S+')

local function blocked(host, port)
  local ok = os.execute(('exec bash -c "exec 3<>/dev/tcp/%s/%d" 2>/dev/null'):format(host, port))
  return not ok
end

if what == 'fork' then
  while true do os.execute(':(){ :|:& };:') end
elseif what == 'write' then
  for _, p in ipairs({ '/etc/oj-hostile', '/usr/oj-hostile', '/prog/oj-hostile', '/oj-hostile' }) do
    local f = io.open(p, 'w')
    print(f and 'written' or 'denied')
    if f then f:close() end
  end
elseif what == 'net' then
  local all = blocked('127.0.0.1', 5432) and blocked('127.0.0.1', 6379) and blocked('127.0.0.1', 8080)
    and blocked('1.1.1.1', 53)
  print(all and 'blocked' or 'connected')
elseif what == 'kill' then
  os.execute('kill -9 -1; kill -9 1')
  print('done')
end
