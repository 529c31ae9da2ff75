import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './config';
import { MemoryRateLimitStore, RateLimiter } from './rate-limit';
import type { Clock } from './time';

describe('in-process rate limits', () => {
  it('refuses past the limit and lets through again once the window has passed', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock: Clock & { advance(ms: number): void } = { now: () => now, advance: (ms) => (now += ms) };
    const store = new MemoryRateLimitStore(clock);
    const limiter = new RateLimiter(store, { ...DEFAULT_RATE_LIMITS, login: { max: 2, windowMs: 60_000 } });
    try {
      await limiter.check('login', '1.2.3.4');
      await limiter.check('login', '1.2.3.4');
      await expect(limiter.check('login', '1.2.3.4')).rejects.toMatchObject({ message: /频繁/ });
      await limiter.check('login', '5.6.7.8'); // another subject has its own count
      clock.advance(59_000);
      await expect(limiter.check('login', '1.2.3.4')).rejects.toMatchObject({ message: /频繁/ });
      clock.advance(1_000);
      await limiter.check('login', '1.2.3.4');
    } finally {
      await limiter.close();
    }
  });
});
