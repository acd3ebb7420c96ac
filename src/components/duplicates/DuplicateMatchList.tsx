import { Icon } from '@/components/Icon';
import { formatDate } from '@/domain/dateFormat';
import type { TDuplicateMatch } from '@/domain/duplicates';
import type { TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { duplicateReasonText, scorePercent } from './duplicateApi';

/** Where a record of the resource opens: its show page, else its edit page. */
export const recordPath = (definition: Pick<TResourceDefinition, 'routeBase' | 'recordPage'>, id: number) =>
  `${definition.routeBase}/${definition.recordPage === 'show' ? 'show' : 'edit'}/${id}`;

/**
 * 'Open {code}': a record of the resource in a new tab, so what is typed in a form (or the place in
 * the review list) stays; said to screen readers.
 */
export const RecordLink = ({
  definition,
  id,
  code,
}: {
  definition: Pick<TResourceDefinition, 'routeBase' | 'recordPage'>;
  id: number;
  code: string;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  return (
    <a
      href={localizedPath(locale, recordPath(definition, id))}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-primary-300"
    >
      <span>
        {LL.duplicateCheck.open()} {code}
      </span>
      <Icon name="arrowRight" className="size-3.5 -rotate-45" aria-hidden="true" />
      <span className="sr-only">{LL.duplicateCheck.opensInNewTab()}</span>
    </a>
  );
};

/**
 * Possible duplicates, one a row: the code (a link that opens the record in a new tab, so what is
 * typed in the form stays), the names in both scripts, the date of birth, how alike and why. Used
 * under the form as the user types and in the save's question.
 */
export const DuplicateMatchList = ({
  definition,
  matches,
  labelledBy,
}: {
  definition: Pick<TResourceDefinition, 'routeBase' | 'recordPage'>;
  matches: readonly TDuplicateMatch[];
  labelledBy?: string;
}) => {
  const { LL } = useI18nContext();
  const words = LL.duplicateCheck;
  return (
    <ul
      aria-labelledby={labelledBy}
      className="divide-y divide-amber-200 rounded-md border border-amber-200 bg-white dark:divide-amber-900 dark:border-amber-900 dark:bg-slate-900"
      data-duplicate-matches=""
    >
      {matches.map((match) => (
        <li key={match.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-3 py-2 text-sm">
          {/* At least 14rem for the code, names and birth: the reasons go under them when the row is narrow. */}
          <div className="min-w-56 flex-1">
            <RecordLink definition={definition} id={match.id} code={match.code} />
            <div className="text-slate-800 dark:text-slate-100">
              {match.nameKh ? <span lang="km">{match.nameKh}</span> : null}
              {match.nameKh && match.nameEn ? ' · ' : null}
              {match.nameEn ? <span lang="en">{match.nameEn}</span> : null}
            </div>
            {match.dateOfBirth ? (
              <div className="text-slate-600 dark:text-slate-300">
                {words.born({ date: formatDate(match.dateOfBirth) })}
              </div>
            ) : null}
          </div>
          <div className="flex max-w-full flex-col items-end gap-1 sm:max-w-[60%]">
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 text-xs dark:bg-amber-900/60 dark:text-amber-100">
              {words.score({ percent: scorePercent(match.score) })}
            </span>
            <span className="text-right text-slate-600 text-xs dark:text-slate-300">
              <span className="sr-only">{words.why()}: </span>
              {match.reasons.map((reason) => duplicateReasonText(LL, reason)).join(' · ')}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
};
