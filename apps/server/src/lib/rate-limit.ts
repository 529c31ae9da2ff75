import type { Redis } from 'ioredis';
import type { RateLimitPreset, RateLimitRule } from './config';
import { rateLimited } from './errors';
import { systemClock, type Clock } from './time';

/**
 * Fixed-window counters keyed by preset and subject (IP, e-mail address, account). In memory by
 * default; in Redis when configured so that several server nodes share the limits. A route may
 * check several keys (per address AND per IP), which is why this is a service rather than a plugin.
 */
export interface RateLimitStore {
  /** Counts one hit and returns the hits in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  constructor(private readonly clock: Clock = systemClock) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    w.count++;
    return w.count;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const k = `${this.prefix}rl:${key}`;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
    const count = res?.[0]?.[1];
    return typeof count === 'number' ? count : Number(count ?? 1);
  }

  async close(): Promise<void> {}
}

const MESSAGES: Record<RateLimitPreset, string> = {
  login: '登录尝试过于频繁，请稍后再试',
  register: '注册过于频繁，请稍后再试',
  emailPerAddress: '验证码发送过于频繁，请稍后再试',
  emailPerIp: '验证码发送过于频繁，请稍后再试',
  upload: '上传过于频繁，请稍后再试',
  search: '搜索过于频繁，请稍后再试',
  submit: '提交过于频繁，请稍后再试',
  post: '发帖过于频繁，请稍后再试',
  comment: '评论过于频繁，请稍后再试',
  report: '举报过于频繁，请稍后再试',
  notify: '支付通知过于频繁，请稍后再试',
};

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: Record<RateLimitPreset, RateLimitRule>,
  ) {}

  /** Throws a 429 AppError when `subject` exceeded the preset's limit. */
  async check(preset: RateLimitPreset, subject: string): Promise<void> {
    const rule = this.rules[preset];
    const count = await this.store.hit(`${preset}:${subject}`, rule.windowMs);
    if (count > rule.max) throw rateLimited(MESSAGES[preset]);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
