import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { IpLocation } from '@oj/shared';

/** Where an address is: a place in words and its network operator. Nothing leaves the machine. */
export interface IpLocator {
  locate(ip: string): { location: string; isp: string };
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
export function plainIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

/** 本机 for loopback, 内网 for private, link-local and carrier-grade NAT ranges, else null. */
export function localKind(ip: string): '本机' | '内网' | null {
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number);
    if (a === 127) return '本机';
    if (a === 10 || a === 0) return '内网';
    if (a === 172 && b >= 16 && b <= 31) return '内网';
    if (a === 192 && b === 168) return '内网';
    if (a === 169 && b === 254) return '内网';
    if (a === 100 && b >= 64 && b <= 127) return '内网';
    return null;
  }
  if (v === 6) {
    const s = ip.toLowerCase();
    if (s === '::1') return '本机';
    if (/^f[cd]/.test(s) || /^fe[89ab]/.test(s)) return '内网';
  }
  return null;
}

type Ip2RegionResult = { country: string; province: string; city: string; isp: string } | null;
type Ip2RegionClass = new () => { search(ip: string): Ip2RegionResult };

/** ip2region's fields, with its "unknown" markers ('0', '') dropped and repeats joined once. */
export function joinRegion(r: Ip2RegionResult): { location: string; isp: string } {
  if (!r) return { location: '未知', isp: '' };
  const parts: string[] = [];
  for (const p of [r.country, r.province, r.city]) {
    const v = (p ?? '').trim();
    if (v && v !== '0' && !parts.includes(v)) parts.push(v);
  }
  const isp = (r.isp ?? '').trim();
  return { location: parts.join(' ') || '未知', isp: isp === '0' ? '' : isp };
}

/**
 * The offline ip2region database (IPv4 and IPv6) of the `ip2region` package, loaded on first use
 * (about 11 MB read once) and kept in memory: answers in microseconds.
 */
export function ip2regionLocator(): IpLocator {
  let db: InstanceType<Ip2RegionClass> | null = null;
  return {
    locate(ip) {
      if (!db) {
        const pkg = createRequire(import.meta.url)('ip2region') as { default: Ip2RegionClass };
        db = new pkg.default();
      }
      try {
        return joinRegion(db.search(ip));
      } catch {
        return { location: '未知', isp: '' };
      }
    },
  };
}

/** The caller's place: 本机 / 内网 without a lookup, else from the locator. */
export function locationOf(locator: IpLocator, rawIp: string): IpLocation {
  const ip = plainIp(rawIp);
  const local = localKind(ip);
  if (local) return { ip, location: local, isp: '' };
  if (!isIP(ip)) return { ip, location: '未知', isp: '' };
  return { ip, ...locator.locate(ip) };
}
