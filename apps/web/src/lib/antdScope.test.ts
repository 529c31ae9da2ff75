import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { registerAntdProvider, withAntdScope } from './antdScope';

describe('withAntdScope', () => {
  it('leaves a part as it is until antd is in use, then wraps it once however often it is asked', () => {
    const Part = () => null;
    expect(withAntdScope(Part)).toBe(Part);
    registerAntdProvider(({ children }: { children: ReactNode }) => children);
    const scoped = withAntdScope(Part);
    expect(scoped).not.toBe(Part);
    expect(withAntdScope(scoped)).toBe(scoped);
  });
});
