import type { TRouteLocale } from '../../src/domain/locale';
import type { TSystemSettingsRecord } from '../../src/domain/systemSettings';
import type { TWorkQueueItem } from '../../src/domain/workQueue';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import type { TQueueTotal } from './queueTotal';

/** What a source is asked with: the reader, their language, the settings and the programme's today. */
export type TWorkQueueContext = {
  db: TDbOrTx;
  user: TAuthUser;
  settings: TSystemSettingsRecord;
  /** yyyy-mm-dd where the programme works, by the app's clock (tests move it). */
  today: string;
  locale: TRouteLocale;
  /** The server's DATA_DIR: where the backups' states are (a failed scheduled backup, issue 27). */
  dataDir?: string;
  /** A source counts exactly up to this many items; above, it answers the planner's estimate. */
  exactLimit: number;
};

/**
 * One kind of item on the work queue (DESIGN.md section 6), registered by the module whose records
 * it finds (`TServerModule.workQueue`): the engine (server/workQueue) asks every source whose
 * `mayRead` the user passes and merges their answers. `order` places a kind before another when
 * two items wait since the same day with the same id.
 */
export type TWorkQueueSource = {
  /** Names the kind in logs and tests (`matchingDecisions`). */
  kind: string;
  order: number;
  /** The permissions the kind needs: a user without them is not asked about it. */
  mayRead: (user: TAuthUser) => boolean;
  /** Its first items (at most `workQueueLimit`), oldest first, read in an index's order (keyset). */
  items: (context: TWorkQueueContext) => Promise<TWorkQueueItem[]>;
  /**
   * How many items it has in all, counted without building them: exact up to `exactLimit`, else
   * the planner's estimate (`queueTotal`): no count reads every waiting row.
   */
  count: (context: TWorkQueueContext) => Promise<TQueueTotal>;
};
