import type { TDashboard } from '../../src/domain/dashboard';
import type { TSystemSettingsRecord } from '../../src/domain/systemSettings';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';

type TData = TDashboard['data'];

/** The answer's keys a module's card fills (the work queue, the scope and the changes are the dashboard's own). */
export type TDashboardCardKey = Exclude<keyof TData, 'asOf' | 'scope' | 'workQueue' | 'changes'>;

/** What a card counts with: the user's office scope and permissions, the programme's today, the settings. */
export type TDashboardCardContext = {
  db: TDbOrTx;
  user: TAuthUser;
  today: string;
  settings: TSystemSettingsRecord;
};

/**
 * One card of the dashboard, given by a module (DESIGN.md section 6, issue 24), as the work queue's
 * sources are: who may read it and its figures, counted within the user's office. The dashboard
 * (server/modules/dashboard) asks every module's cards in `order`, one after the other; the page
 * draws the card of each key it answers (src/domain/dashboard.ts names the keys and their shapes).
 */
export type TDashboardCard = {
  [K in TDashboardCardKey]: {
    key: K;
    order: number;
    mayRead: (user: TAuthUser) => boolean;
    count: (context: TDashboardCardContext) => Promise<NonNullable<TData[K]>>;
  };
}[TDashboardCardKey];
