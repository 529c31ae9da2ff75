import type { NodeState } from './node-state';

export interface ShutdownOptions {
  /**
   * Resolves when the proxy has had time to see this node unready and stop sending it requests
   * (`main.ts`: OJ_SHUTDOWN_DRAIN_MS). Requests keep being served meanwhile.
   */
  drained: () => Promise<void>;
}

/**
 * Graceful shutdown of a node (SIGTERM, SIGINT): readiness fails at once and live streams end with
 * a reconnect hint (clients reconnect through the proxy, to a node still running), then, once the
 * proxy has moved away, the server closes: no new judging is taken, running judgements finish
 * within a grace period or are handed back (service-lifecycle.ts `stop`), the database closes.
 */
export async function shutDown(
  server: { ctx: { node: NodeState; openStreams: Set<() => void> }; close(): Promise<void> },
  opts: ShutdownOptions,
): Promise<void> {
  const { ctx } = server;
  ctx.node.stopping();
  for (const end of [...ctx.openStreams]) end();
  await opts.drained();
  await server.close();
}
