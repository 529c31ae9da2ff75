import { describe, expect, it } from 'vitest';
import { ip2regionLocator, joinRegion, localKind, locationOf, plainIp } from './location';

describe('当前位置 from the offline IP database', () => {
  it('says 本机 / 内网 without a lookup', () => {
    expect(
      ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.1', '172.32.0.1', '192.168.1.1', 'fd00::1', '8.8.8.8'].map(
        localKind,
      ),
    ).toEqual(['本机', '本机', '内网', '内网', null, '内网', '内网', null]);
    expect(plainIp('::ffff:192.168.0.9')).toBe('192.168.0.9');
    const never = {
      locate: () => {
        throw new Error('no lookup for local addresses');
      },
    };
    expect(locationOf(never, '::ffff:127.0.0.1')).toEqual({ ip: '127.0.0.1', location: '本机', isp: '' });
    expect(locationOf(never, 'not-an-ip').location).toBe('未知');
  });

  it('joins the fields once, dropping the unknown markers', () => {
    expect(joinRegion({ country: '中国', province: '广东省', city: '深圳市', isp: '阿里云' })).toEqual({
      location: '中国 广东省 深圳市',
      isp: '阿里云',
    });
    expect(joinRegion({ country: '美国', province: '0', city: '', isp: '0' })).toEqual({
      location: '美国',
      isp: '',
    });
    expect(joinRegion(null).location).toBe('未知');
  });

  it('finds real IPv4 and IPv6 addresses in the shipped database', () => {
    const locator = ip2regionLocator();
    expect(locationOf(locator, '120.24.78.68').location).toMatch(/^中国 广东省/);
    expect(locationOf(locator, '240e:3b7:3272:d8d0:db09:c067:8d59:539e').location).toMatch(/^中国/);
    expect(locationOf(locator, '8.8.8.8').location).toMatch(/^美国/);
  });
});
