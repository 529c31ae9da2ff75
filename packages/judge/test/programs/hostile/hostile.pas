{ Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts). }
program hostile;
uses BaseUnix, Unix, Sockets, SysUtils;

const
  paths: array[1..4] of string = ('/etc/oj-hostile', '/usr/oj-hostile', '/prog/oj-hostile', '/oj-hostile');

var
  what: string;
  i: longint;
  f: longint;

function blocked(ip: string; port: word): boolean;
var
  s: longint;
  addr: TInetSockAddr;
begin
  s := fpSocket(AF_INET, SOCK_STREAM, 0);
  if s < 0 then exit(true);
  addr.sin_family := AF_INET;
  addr.sin_port := htons(port);
  addr.sin_addr := StrToNetAddr(ip);
  blocked := fpConnect(s, @addr, sizeof(addr)) <> 0;
  fpClose(s);
end;

begin
  readln(what);
  what := Trim(what);
  if what = 'fork' then
    while true do fpFork
  else if what = 'write' then
    for i := 1 to 4 do
    begin
      f := fpOpen(paths[i], O_WRONLY or O_CREAT, &644);
      if f < 0 then writeln('denied') else writeln('written');
    end
  else if what = 'net' then
  begin
    if blocked('127.0.0.1', 5432) and blocked('127.0.0.1', 6379) and blocked('127.0.0.1', 8080) and blocked('1.1.1.1', 53) then
      writeln('blocked')
    else
      writeln('connected');
  end
  else if what = 'kill' then
  begin
    fpKill(-1, SIGKILL);
    fpKill(fpGetPPid, SIGKILL);
    fpKill(1, SIGKILL);
    writeln('done');
  end;
end.
