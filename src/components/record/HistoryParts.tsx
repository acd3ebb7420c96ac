import type { ReactNode } from 'react';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { secondaryButton } from '@/components/ui';
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

/** Loading, failure (with a retry) and empty states around a history's table. */
export const HistoryBody = <T,>({
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
        <span className="text-error-dark dark:text-red-300">{LL.areas.child.show.historyFailed()}</span>
        <button type="button" className={`${secondaryButton} print:hidden`} onClick={history.reload}>
          {LL.areas.child.show.retry()}
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
