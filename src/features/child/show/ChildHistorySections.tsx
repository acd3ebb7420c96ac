import type { ReactNode } from 'react';
import type { TRemoteDataResult } from '@/api/useRemoteData';
import { useRouteLocale } from '@/app/useRouteLocale';
import { useResourceText } from '@/components/resource/useResourceText';
import { secondaryButton } from '@/components/ui';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { childActionLabel } from '../status/childActionText';
import { BilingualLabel } from './BilingualLabel';
import { SummaryCard } from './SummaryCard';
import {
  historyDetail,
  historyWhen,
  matchingCells,
  newestFirst,
  type TStatusHistoryRow,
} from './statusHistory';
import { useHistory } from './useHistory';

const headClass =
  'border-slate-200 border-b px-3 py-2 text-left font-medium text-slate-600 text-xs uppercase tracking-wide dark:border-slate-700 dark:text-slate-300';
const cellClass =
  'border-slate-100 border-b px-3 py-2 align-top text-slate-800 dark:border-slate-800 dark:text-slate-100';

/** A column heading in the screen's language, in both on paper. */
const Heading = ({ pick }: { pick: (LL: TranslationFunctions) => string }) => {
  const { LL } = useI18nContext();
  return (
    <th scope="col" className={headClass}>
      <BilingualLabel text={pick(LL)} both={bothLanguages(pick)} />
    </th>
  );
};

/** Loading, failure (with a retry) and empty states around a history's table. */
const HistoryBody = <T,>({
  history,
  empty,
  children,
}: {
  history: TRemoteDataResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) => {
  const { LL } = useI18nContext();
  if (history.state === 'loading')
    return (
      <p className="text-slate-500 text-sm dark:text-slate-400" aria-live="polite">
        {LL.form.loadingRecord()}
      </p>
    );
  if (history.state === 'failed')
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-error-dark dark:text-red-300">{LL.childShow.historyFailed()}</span>
        <button type="button" className={`${secondaryButton} print:hidden`} onClick={history.reload}>
          {LL.childShow.retry()}
        </button>
      </div>
    );
  if (history.data.length === 0)
    return <p className="text-slate-500 text-sm italic dark:text-slate-400">{empty}</p>;
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
      {children(history.data)}
    </div>
  );
};

/** 'Matching history': empty until the matching workflow exists; then its rows' date, action and status. */
export const MatchingHistorySection = ({ childId, reloadKey }: { childId: string; reloadKey: number }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const history = useHistory<Record<string, unknown>>(`/adoptive-matching/histories/${childId}`, reloadKey);
  return (
    <SummaryCard
      id="child-matching-history"
      title={LL.childShow.matchingHistory()}
      both={bothLanguages((book) => book.childShow.matchingHistory())}
    >
      <HistoryBody history={history} empty={LL.childShow.noMatching()}>
        {(rows) => (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{LL.childShow.matchingHistory()}</caption>
            <thead>
              <tr>
                <Heading pick={(book) => book.childShow.date()} />
                <Heading pick={(book) => book.childShow.action()} />
                <Heading pick={(book) => book.childShow.status()} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const cells = matchingCells(row, locale);
                return (
                  <tr key={String(row.id ?? index)} className="break-inside-avoid">
                    <td className={`${cellClass} whitespace-nowrap`}>{cells.date || '—'}</td>
                    <td className={cellClass}>{cells.action || '—'}</td>
                    <td className={cellClass}>{cells.status || '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </HistoryBody>
    </SummaryCard>
  );
};

/** 'Status history': every status change of the child, newest first, who made it and why. */
export const StatusHistorySection = ({ childId, reloadKey }: { childId: string; reloadKey: number }) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('child');
  const history = useHistory<TStatusHistoryRow>(`/child-infos/status-history/${childId}`, reloadKey);
  return (
    <SummaryCard
      id="child-status-history"
      title={LL.childShow.statusHistory()}
      both={bothLanguages((book) => book.childShow.statusHistory())}
    >
      <HistoryBody history={history} empty={LL.childShow.noStatusHistory()}>
        {(rows) => (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{LL.childShow.statusHistory()}</caption>
            <thead>
              <tr>
                <Heading pick={(book) => book.childShow.when()} />
                <Heading pick={(book) => book.childShow.who()} />
                <Heading pick={(book) => book.childShow.action()} />
                <Heading pick={(book) => book.childShow.change()} />
                <Heading pick={(book) => book.childShow.dateAndReason()} />
              </tr>
            </thead>
            <tbody>
              {newestFirst(rows).map((row) => {
                const detail = historyDetail(row.payload ?? {});
                // The registration row has no status before it: only where it started.
                const from = row.fromStatus ? optionLabel('status', row.fromStatus) : '';
                const to = optionLabel('status', row.toStatus);
                return (
                  <tr key={row.id} className="break-inside-avoid">
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{historyWhen(row.at)}</td>
                    <td className={cellClass}>{row.user?.name ?? LL.childShow.deletedUser()}</td>
                    <td className={cellClass}>{childActionLabel(LL, row.action)}</td>
                    <td className={cellClass}>
                      {from ? (
                        <>
                          <span className="sr-only">{LL.childShow.changeFromTo({ from, to })}</span>
                          <span aria-hidden="true">
                            {from} → {to}
                          </span>
                        </>
                      ) : (
                        to
                      )}
                    </td>
                    <td className={cellClass}>
                      {detail.date ? (
                        <div className="whitespace-nowrap tabular-nums">{detail.date}</div>
                      ) : null}
                      {detail.reason ? (
                        <div className="whitespace-pre-line text-slate-600 dark:text-slate-300">
                          {detail.reason}
                        </div>
                      ) : null}
                      {!detail.date && !detail.reason ? '—' : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </HistoryBody>
    </SummaryCard>
  );
};
