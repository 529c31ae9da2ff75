local function depth(n)
  if n == 0 then return 0 end
  return depth(n - 1) + 1
end

local words = {}
for w in io.read('a'):gmatch('%S+') do words[#words + 1] = w end
local what, rest = words[1], { table.unpack(words, 2) }

if what == 'sum' then
  print(math.tointeger(tonumber(rest[1]) + tonumber(rest[2])))
elseif what == 'wa' then
  print(4)
elseif what == 'ws' then
  io.write('1 2   \n3\t \n\n\n')
elseif what == 'pe' then
  io.write('1\n2\n')
elseif what == 'tle' then
  local x = 0
  while true do x = x + 1 end
elseif what == 'mle' then
  local blocks, chunk = {}, string.rep('\1', 1 << 20)
  for i = 1, 512 do blocks[i] = chunk .. i end
  print(blocks[512]:byte(12345))
elseif what == 'ole' then
  local s = string.rep('x', 65536)
  while true do io.write(s) end
elseif what == 'sign' then
  error('boom')
elseif what == 'rec' then
  print(depth(tonumber(rest[1])))
elseif what == 'cpu' then
  local limit = tonumber(rest[1]) / 1000
  local x = 0
  while os.clock() < limit do
    for i = 1, 100000 do x = x + i end
  end
  print('ok')
elseif what == 'mem' then
  -- Blocks of 1 MiB: one string of the whole size would be built in a buffer and copied (twice the size).
  local blocks, chunk = {}, string.rep('\1', 1 << 20)
  for i = 1, tonumber(rest[1]) - 1 do blocks[i] = chunk .. i end
  print(chunk:byte(5) == 1 and #blocks > 0 and 'ok' or 'bad')
end
