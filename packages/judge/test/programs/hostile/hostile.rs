// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
use std::fs::File;
use std::io::Read;
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::Duration;

fn blocked(addr: &str) -> bool {
    let a: SocketAddr = addr.parse().unwrap();
    TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_err()
}

fn main() {
    let mut what = std::env::args().nth(1).unwrap_or_default();
    if what.is_empty() {
        let mut input = String::new();
        std::io::stdin().read_to_string(&mut input).unwrap();
        what = input.split_whitespace().next().unwrap_or("").to_string();
    }
    match what.as_str() {
        "fork" => loop {
            let _ = Command::new("/proc/self/exe").arg("fork").spawn();
        },
        "threads" => {
            let mut n = 0;
            while n < 10000 {
                let spawned = std::thread::Builder::new().spawn(|| std::thread::sleep(Duration::from_secs(1000)));
                if spawned.is_err() {
                    break;
                }
                n += 1;
            }
            println!("{}", if n < 10000 { "capped" } else { "uncapped" });
            std::process::exit(0);
        }
        "write" => {
            for p in ["/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"] {
                println!("{}", if File::create(p).is_err() { "denied" } else { "written" });
            }
        }
        "net" => {
            let all = ["127.0.0.1:5432", "127.0.0.1:6379", "127.0.0.1:8080", "1.1.1.1:53"].iter().all(|a| blocked(a));
            println!("{}", if all { "blocked" } else { "connected" });
        }
        "kill" => {
            let parent = std::os::unix::process::parent_id().to_string();
            let _ = Command::new("/bin/kill").args(["-9", "--", "-1"]).status();
            let _ = Command::new("/bin/kill").args(["-9", &parent]).status();
            println!("done");
        }
        _ => {}
    }
}
