import type { Client } from './helpers';

export interface SseEvent {
  event: string;
  data: { kind?: string; submission_id?: number; status?: string; record?: { status: string } } & Record<
    string,
    unknown
  >;
}

/** An SSE connection read as it arrives: `until` waits for a matching event, `ended` for the end. */
export function openSse(url: string, c: Client) {
  const events: SseEvent[] = [];
  const ctrl = new AbortController();
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((fn) => fn());
  let ended = false;
  let status = 0;
  const reading = (async () => {
    const res = await fetch(url, {
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: ctrl.signal,
    });
    status = res.status;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as SseEvent['data'] });
        }
        wake();
      }
    } catch {
      // aborted by the test
    }
    ended = true;
    wake();
  })();
  const changed = () => new Promise<void>((r) => waiters.push(r));
  return {
    events,
    status: () => status,
    async until(match: (e: SseEvent) => boolean, from = 0, timeoutMs = 60_000): Promise<number> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const i = events.findIndex((e, k) => k >= from && match(e));
        if (i >= 0) return i;
        if (ended)
          throw new Error(`stream ended without the event; saw ${events.map((e) => e.event).join(',')}`);
        if (Date.now() > end) throw new Error(`timed out; saw ${events.map((e) => e.event).join(',')}`);
        await Promise.race([changed(), new Promise((r) => setTimeout(r, 500))]);
      }
    },
    async ended(timeoutMs = 10_000): Promise<boolean> {
      await Promise.race([reading, new Promise((r) => setTimeout(r, timeoutMs))]);
      return ended;
    },
    close: () => ctrl.abort(),
  };
}
