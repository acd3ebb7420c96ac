import type { ReactNode } from 'react';
import { LoadState } from '@/components/feedback/LoadState';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TRemoteDataResult } from '@/platform/api/useRemoteData';

/** The tables of a record page's histories (status, matching...): their cells, headings and states. */
export const historyHeadClass =
  'border-slate-200 border-b px-3 py-2 text-left font-medium text-slate-600 text-xs uppercase tracking-wide dark:border-slate-700 dark:text-slate-300';
export const historyCellClass =
  'border-slate-100 border-b px-3 py-2 align-top text-slate-800 dark:border-slate-800 dark:text-slate-100';

/** A column heading in the screen's language, in both on paper. */
export const HistoryHeading = ({ pick }: { pick: (LL: TranslationFunctions) => string }) => {
  const { LL } = useI18nContext();
  return (
    <th scope="col" className={historyHeadClass}>
      <BilingualLabel text={pick(LL)} both={bothLanguages(pick)} />
    </th>
  );
};

/** Loading, failure (with a retry) and empty states around a history's (or any card's) table. */
export const HistoryBody = <T,>({
  history,
  empty,
  loadingText,
  failedText,
  children,
}: {
  history: TRemoteDataResult<T[]>;
  empty: string;
  /** The card's own words for its two states; by default 'Loading...' and 'The history could not be loaded.' */
  loadingText?: string;
  failedText?: string;
  children: (rows: T[]) => ReactNode;
}) => {
  const { LL } = useI18nContext();
  if (history.state !== 'ready')
    return (
      <LoadState
        state={history.state}
        loadingText={loadingText}
        failedText={failedText ?? LL.record.historyFailed()}
        onRetry={history.reload}
      />
    );
  if (history.data.length === 0)
    return <p className="text-slate-500 text-sm italic dark:text-slate-400">{empty}</p>;
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
      {children(history.data)}
    </div>
  );
};
