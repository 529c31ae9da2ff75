import { describe, expect, it } from 'vitest';
import { ExamIpRanges, parseCidr } from './exam-rules';

describe('exam IP ranges', () => {
  it('reads IPv4 and IPv6 CIDR ranges and bare addresses', () => {
    expect(parseCidr('10.1.0.0/16')).toEqual({ family: 'ipv4', address: '10.1.0.0', prefix: 16 });
    expect(parseCidr(' 192.168.1.7 ')).toEqual({ family: 'ipv4', address: '192.168.1.7', prefix: 32 });
    expect(parseCidr('2001:db8::/32')).toEqual({ family: 'ipv6', address: '2001:db8::', prefix: 32 });
    expect(parseCidr('::1')).toEqual({ family: 'ipv6', address: '::1', prefix: 128 });
    expect(parseCidr('::ffff:10.0.0.1/128')?.family).toBe('ipv6');
    expect(parseCidr('fe80:0:0:0:0:0:0:1/64')?.prefix).toBe(64);
  });

  it('refuses what is not a range', () => {
    for (const bad of [
      '10.0.0.0/33',
      '256.1.1.1',
      '10.0.0',
      '01.2.3.4',
      '2001:db8::/129',
      '1::2::3',
      'a/b/c',
      '',
      'abc',
    ])
      expect(parseCidr(bad), bad).toBeNull();
    expect(ExamIpRanges.safeParse(['10.0.0.0/8', '::1']).success).toBe(true);
    const bad = ExamIpRanges.safeParse(['10.0.0.0/8', '10.0.0.0/40']);
    expect(bad.error?.issues[0].message).toContain('允许的 IP 段「10.0.0.0/40」不是有效的 CIDR');
  });
});
