import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
/**
 * Where this node is in its life, for the readiness endpoint (modules/health) and the shutdown:
 * `starting` until the periodic work and the consumers run, `ready` while it takes traffic and work,
 * `stopping` from the moment a shutdown begins (the proxy stops sending requests, the node takes no
 * new jobs and finishes or hands back what it runs).
 */
export type NodePhase = 'starting' | 'ready' | 'stopping';

/**
 * This node's name in the `leases` table: `OJ_NODE_NAME`, or its host, port and data directory
 * (nodes on one machine differ by port, docs/deploy.md). The same across restarts on purpose: a node
 * restarted after a crash (kill -9, power) takes back the lease its previous life held at once,
 * instead of waiting for it to expire as a stranger would (150 s of no periodic work on a one-node
 * install). A server on an ephemeral port (0: tests, benches) has no such identity: a random name.
 */
export function nodeName(configured: string, port: number, dataDir: string): string {
  if (configured) return configured.slice(0, 80);
  const dir = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const life = port === 0 ? `-${randomBytes(4).toString('hex')}` : '';
  return `${hostname().slice(0, 48)}:${port}-${dir}${life}`;
}

export class NodeState {
  private current: NodePhase = 'starting';
  private readonly stopListeners = new Set<() => void>();

  constructor(
    /** This node's name as the holder of leases (lib/lease.ts, `nodeName`). */
    readonly holder: string,
  ) {}

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
