<?php
// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
function blocked($host, $port) {
    $s = @fsockopen($host, $port, $errno, $errstr, 2);
    if ($s === false) return true;
    fclose($s);
    return false;
}

$what = preg_split('/\s+/', trim(stream_get_contents(STDIN)))[0];
switch ($what) {
    case 'fork':
        while (true) @proc_open('sleep 100', [], $pipes);
    case 'write':
        foreach (['/etc/oj-hostile', '/usr/oj-hostile', '/prog/oj-hostile', '/oj-hostile'] as $p)
            echo @file_put_contents($p, '') === false ? "denied\n" : "written\n";
        break;
    case 'net':
        $all = blocked('127.0.0.1', 5432) && blocked('127.0.0.1', 6379) && blocked('127.0.0.1', 8080) && blocked('1.1.1.1', 53);
        echo $all ? "blocked\n" : "connected\n";
        break;
    case 'kill':
        // No posix extension without php.ini: through the shell, as a program would.
        @exec('kill -9 -1; kill -9 1');
        echo "done\n";
        break;
}
