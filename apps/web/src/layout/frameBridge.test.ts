import { describe, expect, it } from 'vitest';
import { isRouteChangeMessage } from './frameBridge';

describe('frame route-change messages', () => {
  it('accepts only same-site paths of our own message type', () => {
    expect(isRouteChangeMessage({ type: 'oj:route-change', path: '/problems?page=2' })).toBe(true);
    expect(isRouteChangeMessage({ type: 'oj:route-change', path: '//evil.example/' })).toBe(false);
    expect(isRouteChangeMessage({ type: 'oj:route-change', path: 'https://evil.example/' })).toBe(false);
    expect(isRouteChangeMessage({ type: 'other', path: '/home' })).toBe(false);
    expect(isRouteChangeMessage('oj:route-change')).toBe(false);
    expect(isRouteChangeMessage(null)).toBe(false);
  });
});
