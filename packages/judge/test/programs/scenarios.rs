use std::io::{self, Read, Write};
use std::time::Duration;

/// Keeps the optimiser from folding a value away (std::hint::black_box is unstable in Rust 1.63).
fn opaque<T: Copy>(x: T) -> T {
    unsafe { std::ptr::read_volatile(&x) }
}

fn cpu_ms() -> u64 {
    // CPU time of the process, read from /proc (no libc crate without cargo).
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap().split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    ticks * 10
}

#[inline(never)]
fn depth(n: u64, keep: &mut Vec<u64>) -> u64 {
    if n == 0 {
        return 0;
    }
    let here = opaque(n);
    let r = depth(n - 1, keep) + 1;
    if here == u64::MAX {
        keep.push(here);
    }
    r
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace();
    let what = words.next().unwrap_or("");
    let out = io::stdout();
    let mut out = out.lock();
    match what {
        "sum" => {
            let a: i64 = words.next().unwrap().parse().unwrap();
            let b: i64 = words.next().unwrap().parse().unwrap();
            writeln!(out, "{}", a + b).unwrap();
        }
        "wa" => writeln!(out, "4").unwrap(),
        "ws" => write!(out, "1 2   \n3\t \n\n\n").unwrap(),
        "pe" => write!(out, "1\n2\n").unwrap(),
        "tle" => {
            let mut x: u64 = 0;
            loop {
                x = opaque(x.wrapping_add(1));
            }
        }
        "mle" => {
            let v = vec![1u8; 512 << 20];
            writeln!(out, "{}", v[12345]).unwrap();
        }
        "ole" => {
            let line = "x".repeat(1 << 16);
            loop {
                if out.write_all(line.as_bytes()).is_err() {
                    std::thread::sleep(Duration::from_secs(100));
                }
            }
        }
        "sign" => {
            let v: Vec<u32> = Vec::new();
            let i = opaque(7usize);
            writeln!(out, "{}", v[i]).unwrap();
        }
        "rec" => {
            let n: u64 = words.next().unwrap().parse().unwrap();
            let mut keep = Vec::new();
            writeln!(out, "{}", depth(n, &mut keep)).unwrap();
        }
        "cpu" => {
            let ms: u64 = words.next().unwrap().parse().unwrap();
            let mut x: u64 = 0;
            while cpu_ms() < ms {
                for i in 0..100_000u64 {
                    x = opaque(x.wrapping_add(i));
                }
            }
            writeln!(out, "ok").unwrap();
        }
        "mem" => {
            let mb: usize = words.next().unwrap().parse().unwrap();
            let v = vec![1u8; mb << 20];
            writeln!(out, "{}", if opaque(v[mb]) == 1 { "ok" } else { "bad" }).unwrap();
        }
        _ => {}
    }
}
