import { describe, expect, it } from 'vitest';
import * as shared from '@oj/shared';
import * as mirror from './contract';

describe('constants mirrored from the shared contract', () => {
  it('equal the contract', () => {
    expect(mirror.GENDERS).toEqual(shared.GENDERS);
    expect(mirror.PASSWORD_RULE).toEqual(shared.PASSWORD_RULE);
    expect(mirror.ACCOUNT_PATTERN.source).toBe(shared.ACCOUNT_PATTERN.source);
    expect(mirror.USERNAME_MAX).toBe(shared.USERNAME_MAX);
    expect(mirror.UPLOAD_LIMITS).toEqual(shared.UPLOAD_LIMITS);
    expect(mirror.Role).toBe(shared.Role);
    expect(mirror.ErrorCode).toEqual(shared.ErrorCode);
  });
});
