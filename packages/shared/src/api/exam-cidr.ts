// Zod-free: the management site checks ranges with it, the server builds its address lists from it.

/**
 * Exam mode (issue 26 part 6): the IP ranges a contest's participants must come from, as CIDR
 * ranges of IPv4 (`10.1.0.0/16`) or IPv6 (`2001:db8::/32`); a bare address is one host. Parsed
 * here, without Node's `net`, so the management site checks them as the server does.
 */

export const EXAM_LIMITS = {
  /** Ranges per contest. */
  ipRangesMax: 50,
  /** Characters of one range (the longest IPv6 form with a prefix is 43). */
  ipRangeMax: 50,
} as const;

export interface CidrRange {
  family: 'ipv4' | 'ipv6';
  /** The address as written. */
  address: string;
  prefix: number;
}

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;

function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => IPV4_PART.test(p) && Number(p) <= 255);
}

const HEXTET = /^[0-9a-f]{1,4}$/i;

function isIpv6(s: string): boolean {
  // An embedded IPv4 tail (::ffff:10.0.0.1) counts as two groups.
  let text = s;
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.')) {
    if (!isIpv4(s.slice(lastColon + 1))) return false;
    text = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (![...head, ...tail].every((g) => HEXTET.test(g))) return false;
  const count = head.length + tail.length;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** A CIDR range or a bare address, or null when it is neither. */
export function parseCidr(text: string): CidrRange | null {
  const [address, prefixText, ...rest] = text.trim().split('/');
  if (rest.length) return null;
  const family = isIpv4(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { family, address, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { family, address, prefix: Number(prefixText) };
}

/** The exam guard's refusal of any page outside the contest. */
export const EXAM_REFUSED_MESSAGE = '考试进行中，只能访问本场比赛';
