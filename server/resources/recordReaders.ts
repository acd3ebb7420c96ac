import type { TAuthUser } from '../auth/service';

/**
 * One record as `GET {apiBase}/:id` answers it to this user (office scope included), or undefined
 * when they may not see it. The resource engine registers one per resource (`app.recordReaders`,
 * keyed by API base), so a workflow action answers the record it moved without a second request.
 */
export type TRecordReader = (id: number, user: TAuthUser) => Promise<Record<string, unknown> | undefined>;
