/**
 * Server-Sent Events, both sides: how long EventSource waits before it reconnects (the `retry:`
 * field, sent when a stream opens and when the server ends it), and the last event of a stream the
 * server ends because the node shuts down: the client reconnects (through the proxy, to a node
 * still running) instead of treating the end as a lost connection.
 */
export const RECONNECT_MS = 1000;
export const RECONNECT_EVENT = 'reconnect';
