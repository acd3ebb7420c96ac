import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the app's HTML, its assets, the API, /api/docs).
 * The refresh token is readable by the client (the spec's refresh call sends it as Bearer), so this
 * policy is what stands between an injected script and the session:
 * - scripts only from this origin, no inline script, no `eval`, no inline event handlers;
 * - styles from this origin plus inline styles: AG Grid injects its theme as `<style>` elements at
 *   run time (a nonce would mean templating index.html per request); a style cannot run code or
 *   reach the tokens, and React and AG Grid set style properties through the CSSOM anyway;
 * - images from this origin, `data:` (AG Grid's icons) and `blob:` (a child's photo is fetched with
 *   the token and shown from an object URL);
 * - no plugins, no framing by anyone, forms and `<base>` only to this origin.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Off: the back office also runs over plain http on an office network, where upgrading every
  // request to https would break it.
  upgradeInsecureRequests: null,
};

/** Security headers on every answer, errors and 404s included (issue 10). */
export const registerSecurityHeaders = async (app: FastifyInstance) => {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Same-origin assets only; no cross-origin isolation needed.
    crossOriginEmbedderPolicy: false,
  });
};
