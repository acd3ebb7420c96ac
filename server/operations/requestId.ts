import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a load balancer sends its request id in, and the one every answer carries it back in. */
export const requestIdHeader = 'x-request-id';

/**
 * What a request id from outside may look like: a UUID, a hex trace id, an ELB/nginx id. Anything
 * else (too long, spaces, quotes, control characters) would make the logs and the answer's header
 * a place to inject text, so it is replaced by our own.
 */
const saneRequestId = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when sane, else a new UUID. */
export const requestIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
};
