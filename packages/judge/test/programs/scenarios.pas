program scenarios;
uses BaseUnix, SysUtils;

var
  what: string;
  a, b: int64;
  n, i, ms: longint;
  p: PByte;
  line: ansistring;
  x: qword;
  tms: TTms;

function depth(k: longint): longint;
var
  here: longint;
begin
  here := k;
  if k = 0 then
    depth := 0
  else
    depth := depth(k - 1) + ord(here > 0);
end;

{ The next white-space separated word of the input. }
function token: string;
var
  c: char;
begin
  token := '';
  repeat
    if eof then exit;
    read(c);
  until not (c in [' ', #9, #10, #13]);
  repeat
    token := token + c;
    if eof then exit;
    read(c);
  until c in [' ', #9, #10, #13];
end;

function cpuMs: longint;
begin
  fpTimes(tms);
  cpuMs := (tms.tms_utime + tms.tms_stime) * 10;
end;

begin
  what := token;
  if what = 'sum' then
  begin
    a := StrToInt64(token);
    b := StrToInt64(token);
    writeln(a + b);
  end
  else if what = 'wa' then
    writeln(4)
  else if what = 'ws' then
    write('1 2   '#10'3'#9' '#10#10#10)
  else if what = 'pe' then
    write('1'#10'2'#10)
  else if what = 'tle' then
  begin
    x := 0;
    while true do
      x := x + 1;
  end
  else if what = 'mle' then
  begin
    p := GetMem(512 * 1024 * 1024);
    FillChar(p^, 512 * 1024 * 1024, 1);
    writeln(p[12345]);
  end
  else if what = 'ole' then
  begin
    SetLength(line, 65536);
    FillChar(line[1], 65536, ord('x'));
    while true do
      write(line);
  end
  else if what = 'sign' then
  begin
    p := nil;
    p^ := 1;
  end
  else if what = 'rec' then
  begin
    n := StrToInt(token);
    writeln(depth(n));
  end
  else if what = 'cpu' then
  begin
    ms := StrToInt(token);
    x := 0;
    while cpuMs < ms do
      for i := 1 to 100000 do
        x := x + i;
    writeln('ok');
  end
  else if what = 'mem' then
  begin
    n := StrToInt(token);
    p := GetMem(n * 1024 * 1024);
    FillChar(p^, n * 1024 * 1024, 1);
    if p[n] = 1 then writeln('ok') else writeln('bad');
  end;
end.
