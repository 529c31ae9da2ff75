package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
)

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func cpuMs() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return (ru.Utime.Sec+ru.Stime.Sec)*1000 + (ru.Utime.Usec+ru.Stime.Usec)/1000
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var what string
	fmt.Fscan(in, &what)
	switch what {
	case "sum":
		var a, b int64
		fmt.Fscan(in, &a, &b)
		fmt.Fprintln(out, a+b)
	case "wa":
		fmt.Fprintln(out, 4)
	case "ws":
		fmt.Fprint(out, "1 2   \n3\t \n\n\n")
	case "pe":
		fmt.Fprint(out, "1\n2\n")
	case "tle":
		x := 0
		for x >= 0 {
			x = (x + 1) % 1000
		}
	case "mle":
		b := make([]byte, 512<<20)
		for i := range b {
			b[i] = 1
		}
		fmt.Fprintln(out, b[12345])
	case "ole":
		s := strings.Repeat("x", 65536)
		for {
			os.Stdout.WriteString(s)
		}
	case "sign":
		var p *int
		*p = 1
	case "rec":
		var n int
		fmt.Fscan(in, &n)
		fmt.Fprintln(out, depth(n))
	case "cpu":
		var ms int64
		fmt.Fscan(in, &ms)
		x := 0
		for cpuMs() < ms {
			for i := 0; i < 100000; i++ {
				x += i
			}
		}
		if x == -1 {
			fmt.Fprintln(out, "never")
		}
		fmt.Fprintln(out, "ok")
	case "mem":
		var mb int
		fmt.Fscan(in, &mb)
		b := make([]byte, mb<<20)
		for i := range b {
			b[i] = 1
		}
		if b[5] == 1 {
			fmt.Fprintln(out, "ok")
		}
	}
}
