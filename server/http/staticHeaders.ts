import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * Headers that speak to a document (a page the browser shows), dropped from Vite's hashed scripts
 * and styles (issue 37: a record page loads about 80 of them, and these were 0.6 KB of each one's
 * 1 KB of headers). A script or a style sheet is never shown, framed or navigated to:
 * - the Content-Security-Policy and X-Frame-Options govern the document that carries them (and a
 *   worker's script; the client has no worker): index.html keeps them;
 * - Cross-Origin-Opener-Policy and Origin-Agent-Cluster concern a browsing context, the
 *   X-DNS-Prefetch-Control and X-XSS-Protection a page, X-Download-Options Internet Explorer's
 *   opened downloads, X-Permitted-Cross-Domain-Policies Flash and PDF readers;
 * - Strict-Transport-Security is learnt from any answer of the host: the page, asked again at every
 *   visit, brings it;
 * - Referrer-Policy: the scripts' own requests follow the page's policy, and a style sheet's only
 *   requests (fonts) are to this origin, where 'same-origin' and the browsers' default agree;
 * - Last-Modified and the ETag (issue 38): a hashed file's name is its version and 'immutable' keeps
 *   it a year without asking again; a revalidation would only come after that year, when a release
 *   has long replaced it. Accept-Ranges: nobody resumes a script.
 * Kept on them: X-Content-Type-Options (nosniff: a response runs as a script or applies as a style
 * only with its declared type), Cross-Origin-Resource-Policy (another site's page cannot load our
 * code), the request id (server/operations: every answer carries its id), the cache and the
 * encoding headers.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Scripts, style sheets and fonts (a precompressed one is found by its own name: `.js.br`). */
const neverADocument = /\.(js|css|woff2?)(\.br|\.gz)?$/;

/**
 * Long cache for Vite's content-hashed files (their names change with their content) and only the
 * headers that matter to a script or a style; revalidation for everything else (index.html first).
 */
export const setStaticHeaders = (reply: FastifyReply, filePath: string) => {
  const hashed = filePath.split(path.sep).includes('assets');
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // Only what cannot be shown as a page: an SVG or an HTML file opened by its address is a document.
  if (!hashed || !neverADocument.test(filePath)) return;
  // helmet sets its headers on the raw response (server/plugins/securityHeaders.ts).
  for (const name of documentOnlyHeaders) reply.raw.removeHeader(name);
  reply.removeHeader('last-modified');
  reply.removeHeader('etag');
  reply.removeHeader('accept-ranges');
};
