// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
package main

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func blocked(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		return true
	}
	c.Close()
	return false
}

func main() {
	var what string
	if len(os.Args) > 1 {
		what = os.Args[1]
	} else {
		fmt.Scan(&what)
	}
	switch what {
	case "fork":
		for {
			exec.Command("/proc/self/exe", "fork").Start()
		}
	case "write":
		for _, p := range []string{"/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"} {
			if f, err := os.Create(p); err != nil {
				fmt.Println("denied")
			} else {
				f.Close()
				fmt.Println("written")
			}
		}
	case "net":
		if blocked("127.0.0.1:5432") && blocked("127.0.0.1:6379") && blocked("127.0.0.1:8080") && blocked("1.1.1.1:53") {
			fmt.Println("blocked")
		} else {
			fmt.Println("connected")
		}
	case "kill":
		syscall.Kill(-1, syscall.SIGKILL)
		syscall.Kill(os.Getppid(), syscall.SIGKILL)
		syscall.Kill(1, syscall.SIGKILL)
		fmt.Println("done")
	}
}
