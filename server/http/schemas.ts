import { z } from 'zod';
import { idParam } from '../../src/domain/rules';

/** `/:id` of every route: 1 to the largest PostgreSQL `integer` (beyond it is a 400, not a database error). */
export const ZIdParams = z.object({ id: idParam() });

/** Every failure (DESIGN.md section 3). */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.string()).optional(),
});

/** `{ data: ... }`, the envelope of every success. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/**
 * The error body under each status. The common ones of a kind of route (400, 401, 403, 404, 413,
 * 415, 409 on a versioned body) are declared for every route by server/plugins/responses.ts; a
 * route lists what it adds (a 409 of its own, 429).
 */
export const errorResponses = (...codes: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, ZErrorBody])) as Record<number, typeof ZErrorBody>;
