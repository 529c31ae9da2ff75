<?php
function depth($n) {
    return $n == 0 ? 0 : depth($n - 1) + 1;
}

$args = preg_split('/\s+/', trim(stream_get_contents(STDIN)));
switch ($args[0]) {
    case 'sum':
        echo intval($args[1]) + intval($args[2]), "\n";
        break;
    case 'wa':
        echo "4\n";
        break;
    case 'ws':
        echo "1 2   \n3\t \n\n\n";
        break;
    case 'pe':
        echo "1\n2\n";
        break;
    case 'tle':
        $x = 0;
        while (true) $x++;
    case 'mle':
        $block = str_repeat("\x01", 512 << 20);
        echo ord($block[12345]), "\n";
        break;
    case 'ole':
        $line = str_repeat('x', 65536);
        while (true) echo $line;
    case 'sign':
        throw new RuntimeException('boom');
    case 'rec':
        echo depth(intval($args[1])), "\n";
        break;
    case 'cpu':
        $limit = intval($args[1]);
        $x = 0;
        while (true) {
            $u = getrusage();
            $ms = ($u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec']) * 1000 + intdiv($u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec'], 1000);
            if ($ms >= $limit) break;
            for ($i = 0; $i < 100000; $i++) $x += $i;
        }
        echo "ok\n";
        break;
    case 'mem':
        $block = str_repeat("\x01", intval($args[1]) << 20);
        echo ord($block[5]) == 1 ? "ok\n" : "bad\n";
        break;
}
