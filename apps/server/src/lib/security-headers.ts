import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

/**
 * The Content-Security-Policy of every answer (pages, API, uploaded files — an uploaded SVG opened
 * directly must not run script either):
 * - scripts only from our own origin, none inline (the Vite builds emit none; checked by the
 *   browser tests, which fail on any `securitypolicyviolation`); `wasm-unsafe-eval` is not needed.
 * - `style-src 'unsafe-inline'`: Ant Design injects its CSS-in-JS `<style>` tags at run time and
 *   sets `style` attributes; nonces would have to reach antd's cssinjs through a per-response HTML
 *   rewrite. Inline style cannot run script, so the gain would be small.
 * - images also from `data:` and `blob:` (antd icons and previews of pictures being uploaded).
 * - `worker-src 'self' blob:`: the Ace editor runs with `useWorker: false` today; a blob worker
 *   stays possible without reopening script-src.
 * - `frame-ancestors 'self'` (+ OJ_PUBLIC_URL): SPEC §2 embeds the site in frames of its own
 *   pages only (the frame bridge talks to same-origin parents); other sites may not frame it.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  let extra = '';
  try {
    extra = ` ${new URL(publicUrl).origin}`;
  } catch {
    extra = '';
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${extra}`,
  ].join('; ');
}

/**
 * A built site's script or stylesheet (hashed, under /assets/): a policy sent with it is not applied
 * (browsers apply a response's CSP to documents and workers, and the sites start no worker from
 * their files; Ace runs with `useWorker: false`), and over HTTP/1.1 its ~300 bytes of header went
 * with each of the 10–25 files of a page. Anything else there (a picture, a font) keeps it. Nor do
 * they need the Referrer-Policy: a script's requests follow its page's policy, and a stylesheet's
 * (its fonts, same origin) the browsers' default, which is the same policy.
 */
function isSiteCode(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!req.url.startsWith('/assets/')) return false;
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('application/javascript') || type.startsWith('text/css');
}

/**
 * onSend hook: security headers on every answer, and no caching of API answers (they depend on the
 * session; files and site assets set their own caching).
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>) {
  return async function addSecurityHeaders(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!isSiteCode(req, reply)) {
      reply.header('Content-Security-Policy', contentSecurityPolicy(config.publicUrl));
      // Other sites learn our origin at most, never a path with a contest or problem id in it.
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    if (
      req.url.startsWith('/api/') &&
      !req.url.startsWith('/api/files/') &&
      !req.url.startsWith('/api/docs') &&
      !reply.hasHeader('Cache-Control')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
  };
}
