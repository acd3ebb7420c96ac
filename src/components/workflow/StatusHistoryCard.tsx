import {
  historyCellClass as cellClass,
  HistoryHeading as Heading,
  HistoryBody,
} from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useResourceText } from '@/components/resource/useResourceText';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TRemoteDataResult } from '@/platform/api/useRemoteData';
import type { TClientWorkflow } from './clientWorkflow';
import { historyDetail, historyWhen, newestFirst, type TStatusHistoryRow } from './statusHistory';

/**
 * 'Status history' of any workflow's record: every status change, newest first, who made it, the
 * action and its date and reason (`GET {apiBase}/status-history/{id}`, read once by the page:
 * useStatusHistory.ts).
 */
export const StatusHistoryCard = ({
  client,
  history,
}: {
  client: TClientWorkflow;
  history: TRemoteDataResult<TStatusHistoryRow[]>;
}) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText(client.resourceName);
  const texts = client.texts(LL);
  return (
    <SummaryCard
      id={`${client.idPrefix}-status-history`}
      title={LL.workflow.statusHistory()}
      both={bothLanguages((book) => book.workflow.statusHistory())}
    >
      <HistoryBody history={history} empty={LL.workflow.noStatusHistory()}>
        {(rows) => (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{LL.workflow.statusHistory()}</caption>
            <thead>
              <tr>
                <Heading pick={(book) => book.workflow.when()} />
                <Heading pick={(book) => book.workflow.who()} />
                <Heading pick={(book) => book.workflow.action()} />
                <Heading pick={(book) => book.workflow.change()} />
                <Heading pick={(book) => book.workflow.dateAndReason()} />
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
                    <td className={cellClass}>{row.user?.name ?? LL.record.deletedUser()}</td>
                    <td className={cellClass}>{texts.action(row.action)}</td>
                    <td className={cellClass}>
                      {from ? (
                        <>
                          <span className="sr-only">{LL.workflow.changeFromTo({ from, to })}</span>
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
