import { describe, expect, it } from 'vitest';
import { firstWithinWindow, markToastsOnScreen, TOAST_DEDUPE_MS, toastsOnScreen } from './notify';

describe('toast dedupe', () => {
  it('shows the same toast once within the window, again after it, and different ones always', () => {
    const t0 = 1_000_000;
    expect(firstWithinWindow('error', '比赛尚未开始', t0)).toBe(true);
    expect(firstWithinWindow('error', '比赛尚未开始', t0 + 10)).toBe(false);
    expect(firstWithinWindow('warning', '比赛尚未开始', t0 + 20)).toBe(true);
    expect(firstWithinWindow('error', '另一个错误', t0 + 30)).toBe(true);
    expect(firstWithinWindow('error', '比赛尚未开始', t0 + TOAST_DEDUPE_MS)).toBe(true);
  });
});

describe('toastsOnScreen (a reload after a toast waits for it)', () => {
  it('waits until the bridge marks toasts on screen, and gives up after its cap', async () => {
    let settled = false;
    const waiting = toastsOnScreen(60_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false); // the bridge is not here yet
    const t0 = Date.now();
    await toastsOnScreen(30); // a bridge that never loads holds the caller only `capMs`
    expect(Date.now() - t0).toBeLessThan(1000);
    markToastsOnScreen();
    await waiting;
    expect(settled).toBe(true);
  });
});
