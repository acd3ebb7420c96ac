import { z } from 'zod';

/**
 * A status-history row as `GET {apiBase}/status-history/{id}` lists it (newest first) and the
 * printable report of a record lists its matchings' (oldest first): who, when, from which status
 * to which, and why.
 */
export const ZStatusHistoryStep = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  payload: z.record(z.string(), z.unknown()),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string(),
});
export type TStatusHistoryStep = z.infer<typeof ZStatusHistoryStep>;
