import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Event name → payload. Payloads crossing nodes must survive JSON (plain data, no Dates or Maps). */
export type EventMap = Record<string, unknown>;

/** Where an event comes from, for listeners that must act once in the whole cluster. */
export interface EventMeta {
  /** Emitted on this node (false: heard from another node through the transport). */
  local: boolean;
}

export type Listener<P> = (payload: P, meta: EventMeta) => void;

/** Carries serialised events between nodes. The bus skips its own messages when they come back. */
export interface EventTransport {
  publish(message: string): void;
  /** Every message published by any node, this one included. */
  onMessage(fn: (message: string) => void): void;
  close(): Promise<void>;
}

interface Envelope {
  origin: string;
  name: string;
  payload: unknown;
}

/**
 * A small typed publish/subscribe bus. `emit` delivers to this node's listeners at once (in the
 * order they subscribed) and, unless the event is node-scoped, to the other nodes through the
 * transport; a node never hears its own event twice (messages carry the emitting node's id).
 * Listener errors are reported, never thrown at the emitter: one broken listener must not stop
 * the others or the operation that emitted.
 */
export class EventBus<E extends EventMap> {
  readonly nodeId = randomUUID();
  private readonly listeners = new Map<keyof E, Set<Listener<never>>>();
  private readonly nodeScoped: ReadonlySet<keyof E>;

  constructor(
    private readonly opts: {
      transport?: EventTransport;
      /**
       * Events every node produces for itself (each hears the same source, say a shared queue):
       * sending them on would deliver each one once per node.
       */
      nodeScoped?: (keyof E)[];
      onError?: (err: unknown, event: string) => void;
    } = {},
  ) {
    this.nodeScoped = new Set(opts.nodeScoped ?? []);
    opts.transport?.onMessage((message) => this.receive(message));
  }

  on<K extends keyof E>(name: K, fn: Listener<E[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(fn as Listener<never>);
    return () => void set.delete(fn as Listener<never>);
  }

  emit<K extends keyof E>(name: K, payload: E[K]): void {
    this.deliver(name, payload, { local: true });
    if (this.opts.transport && !this.nodeScoped.has(name)) {
      const envelope: Envelope = { origin: this.nodeId, name: String(name), payload };
      this.opts.transport.publish(JSON.stringify(envelope));
    }
  }

  /** Listeners of an event on this node (tests, metrics). */
  listenerCount(name: keyof E): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return this.opts.transport?.close() ?? Promise.resolve();
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (err) {
      this.opts.onError?.(err, 'an unreadable event message');
      return;
    }
    if (envelope.origin === this.nodeId) return; // delivered locally when emitted
    this.deliver(envelope.name as keyof E, envelope.payload as E[keyof E], { local: false });
  }

  private deliver<K extends keyof E>(name: K, payload: E[K], meta: EventMeta): void {
    for (const fn of [...(this.listeners.get(name) ?? [])]) {
      try {
        (fn as Listener<E[K]>)(payload, meta);
      } catch (err) {
        this.opts.onError?.(err, String(name));
      }
    }
  }
}

/**
 * Redis pub/sub between server nodes: publishes on the given connection, subscribes on a
 * duplicate of it (a subscribed connection can do nothing else). Resolves once subscribed, so no
 * event published after start-up is missed.
 */
export async function redisTransport(redis: Redis, channel: string): Promise<EventTransport> {
  const subscriber = redis.duplicate();
  const handlers: ((message: string) => void)[] = [];
  subscriber.on('message', (ch: string, message: string) => {
    if (ch === channel) for (const fn of handlers) fn(message);
  });
  await subscriber.subscribe(channel);
  return {
    publish: (message) => void redis.publish(channel, message).catch(() => {}),
    onMessage: (fn) => void handlers.push(fn),
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
