import type { z } from 'zod';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import type { TWriteSession } from './writeSession';

/** What a write hook knows: the transaction, who acts, the row before (update, delete) and the body. */
export type TWriteContext = {
  db: TDbOrTx;
  mode: 'create' | 'update' | 'delete';
  actor: TAuthUser;
  /** The record as the API answers it, before the change (update and delete). */
  before?: Record<string, unknown>;
  /** The validated body (create, update; without `version`). */
  body: Record<string, unknown>;
  /** The app's clock (`app.now()`, ms) when the write began: rules about 'today' read it. */
  now: number;
  /** The request's language: the words a refusal's values are put in (a status, an action). */
  t: TranslationFunctions;
  /**
   * Reads of other tables the rules make and rows the hooks add beside the record: at once for one
   * record, batched when many are written together (server/resources/writeSession.ts).
   */
  session: TWriteSession;
};

/**
 * What a bulk action changes on one record (issue 26, server/resources/bulkRoutes.ts): the columns
 * for the form's update path, or null when the record is already so; throw an ApiError to refuse it.
 * Without one, an action sets its field to the value sent.
 */
export type TBulkChanges = (
  context: TWriteContext & { before: Record<string, unknown> },
) => Promise<Record<string, unknown> | null>;

/** What `createExtras`' hooks know. */
export type TCreateExtrasContext = {
  db: TDbOrTx;
  actor: TAuthUser;
  /** The record's fields (the extras taken out). */
  body: Record<string, unknown>;
  extras: Record<string, unknown>;
  now: number;
  t: TranslationFunctions;
};

export type TCreateExtras = {
  shape: z.ZodRawShape;
  conflict?: z.ZodType;
  before?: (context: TCreateExtrasContext) => Promise<void>;
  after?: (context: TCreateExtrasContext & { id: number }) => Promise<void>;
};
