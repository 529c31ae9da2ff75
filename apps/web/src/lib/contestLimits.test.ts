import { describe, expect, it } from 'vitest';
import { COMPETITION_LIMITS } from '@oj/shared';
import { COMPETITION_LIMIT_VALUES } from './contestLimits';

describe('wizard limits', () => {
  it('match the shared contract', () => {
    for (const [k, v] of Object.entries(COMPETITION_LIMIT_VALUES))
      expect(COMPETITION_LIMITS[k as keyof typeof COMPETITION_LIMITS], k).toBe(v);
  });
});
