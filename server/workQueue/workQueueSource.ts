import type { TRouteLocale } from '../../src/domain/locale';
import type { TSystemSettingsRecord } from '../../src/domain/systemSettings';
import type { TWorkQueueItem } from '../../src/domain/workQueue';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';

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
};

/** A source's items, sorted and cut at `workQueueLimit`, and how many it found in all. */
export type TWorkQueuePart = { items: TWorkQueueItem[]; total: number };

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
  items: (context: TWorkQueueContext) => Promise<TWorkQueuePart>;
  /**
   * How many items `items` finds in all, counted without building them (the dashboard's card):
   * its `total`, faster. Without it the engine asks `items`.
   */
  count?: (context: TWorkQueueContext) => Promise<number>;
};
