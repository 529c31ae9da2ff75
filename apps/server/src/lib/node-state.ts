import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
/**
 * Where this node is in its life, for the readiness endpoint (modules/health) and the shutdown:
 * `starting` until the periodic work and the consumers run, `ready` while it takes traffic and work,
 * `stopping` from the moment a shutdown begins (the proxy stops sending requests, the node takes no
 * new jobs and finishes or hands back what it runs).
 */
export type NodePhase = 'starting' | 'ready' | 'stopping';

/** A name for this node in the `leases` table: its process, plus randomness (two servers in one process). */
export function nodeName(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export class NodeState {
  /** This node's name as the holder of leases (lib/lease.ts). */
  readonly holder = nodeName();
  private current: NodePhase = 'starting';
  private readonly stopListeners = new Set<() => void>();

  get phase(): NodePhase {
    return this.current;
  }

  /** Start-up finished. A node already stopping stays so. */
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** A shutdown began: readiness fails from now on; those listening stop taking work. Idempotent. */
  stopping(): void {
    if (this.current === 'stopping') return;
    this.current = 'stopping';
    for (const fn of this.stopListeners) fn();
  }

  /** Called once when a shutdown begins (stop taking jobs, tell streams to reconnect elsewhere). */
  onStopping(fn: () => void): void {
    this.stopListeners.add(fn);
  }
}
