import { useId, useMemo, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { Badge } from '@/components/Badge';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { secondaryButton, smallButton } from '@/components/ui';
import { formatDate } from '@/domain/dateFormat';
import type { TDuplicateMatch } from '@/domain/duplicates';
import { importActions, type TImportAction, type TImportPlanEntry } from '@/domain/importPlan';
import type { TBadgeTone } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { recordListPath, recordPagePath, type TImportKind } from './importKinds';
import { planRows, scorePercent, type TDryRun, type TPlanFilter } from './uploadAnswers';

/** Rows drawn at first and at each 'show more': a workbook has up to 10,000. */
const pageSize = 100;

const actionTone: Record<TImportAction, TBadgeTone> = {
  create: 'green',
  update: 'blue',
  unchanged: 'slate',
  duplicate: 'amber',
};

const linkClass =
  'text-primary-700 underline underline-offset-2 hover:no-underline dark:text-primary-300 focus-visible:outline-2 focus-visible:outline-primary-500';

/** Why a record resembles the row, in the reader's words (the duplicate engine's reasons). */
const reasonText = (LL: TranslationFunctions, reason: TDuplicateMatch['reasons'][number]) =>
  LL.duplicates.reasons[reason]();

/**
 * The dry run's plan (issue 35): a line per valid row with what the commit will do, filtered by
 * action (a radio group: the arrow keys move through it) with the counts. A possible duplicate shows
 * the records it resembles, each opening its page, and a checkbox to create it anyway; a reason is
 * then asked for, written on each new record's timeline.
 */
export const ImportPlan = ({
  kind,
  dryRun,
  chosen,
  onChoose,
}: {
  kind: TImportKind;
  dryRun: TDryRun;
  chosen: ReadonlySet<number>;
  onChoose: (row: number, create: boolean) => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.upload;
  const locale = useRouteLocale();
  const id = useId();
  // Possible duplicates first when there are any: they are what asks for a decision.
  const [filter, setFilter] = useState<TPlanFilter>(dryRun.counts.duplicate > 0 ? 'duplicate' : 'all');
  const [shown, setShown] = useState(pageSize);
  const rows = useMemo(() => planRows(dryRun.plan, filter), [dryRun.plan, filter]);
  const filters: { value: TPlanFilter; label: string }[] = [
    { value: 'all', label: words.filterAll({ count: dryRun.plan.length }) },
    ...importActions.map((action) => ({
      value: action,
      label: words.filterAction({ action: words.actions[action](), count: dryRun.counts[action] }),
    })),
  ];
  const recordLink = (code: string) => (
    <AppLink to={localizedPath(locale, recordListPath(kind, code))} className={linkClass}>
      {code}
    </AppLink>
  );
  const resembles = (entry: TImportPlanEntry) => (
    <ul className="space-y-1">
      {entry.duplicates?.map((match) => (
        <li key={match.id}>
          <AppLink
            to={localizedPath(locale, recordPagePath(kind, match.id))}
            className={linkClass}
            target="_blank"
            rel="noopener"
          >
            {match.code}
          </AppLink>{' '}
          <span>{[match.nameKh, match.nameEn].filter(Boolean).join(' · ')}</span>
          {match.dateOfBirth ? (
            <span className="text-slate-600 dark:text-slate-300"> · {formatDate(match.dateOfBirth)}</span>
          ) : null}
          <span className="block text-slate-600 text-xs dark:text-slate-300">
            {[
              words.alike({ percent: scorePercent(match.score) }),
              ...match.reasons.map((reason) => reasonText(LL, reason)),
            ].join(' · ')}
          </span>
        </li>
      ))}
      {entry.sameAsRow !== undefined ? <li>{words.sameAsRow({ row: entry.sameAsRow })}</li> : null}
    </ul>
  );

  return (
    <section className="mt-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-slate-50">
        {words.planTitle()}
      </h3>
      <fieldset className="mt-2 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{words.filterLegend()}</legend>
        {filters.map((option) => (
          <label
            key={option.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-primary-500 dark:border-slate-600 dark:bg-slate-800 dark:has-checked:border-primary-300 dark:has-checked:bg-slate-700"
          >
            <input
              type="radio"
              name={`${id}-filter`}
              className="accent-primary-700"
              checked={filter === option.value}
              onChange={() => {
                setFilter(option.value);
                setShown(pageSize);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-600 text-sm dark:text-slate-300">{words.emptyFilter()}</p>
      ) : (
        <div className="mt-3 rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <CompactTable
            tableClassName="w-full min-w-[40rem] text-left text-sm"
            caption={words.planLabel()}
            columns={[
              { key: 'row', heading: words.rowColumn(), className: 'px-3 py-2 w-16' },
              { key: 'action', heading: words.actionColumn(), className: 'px-3 py-2 w-40' },
              { key: 'record', heading: words.recordColumn(), className: 'px-3 py-2' },
              { key: 'choose', heading: words.chooseColumn(), className: 'px-3 py-2 w-48' },
            ]}
          >
            {rows.slice(0, shown).map((entry) => (
              <tr key={entry.row} className={compactRowClass} data-testid={`plan-row-${entry.row}`}>
                <td className="px-3 py-2 align-top tabular-nums">{entry.row}</td>
                <td className="px-3 py-2 align-top">
                  <Badge tone={actionTone[entry.action]}>{words.actions[entry.action]()}</Badge>
                </td>
                <td className="px-3 py-2 align-top">
                  {entry.action === 'duplicate' ? (
                    <>
                      <span className="text-slate-600 text-xs dark:text-slate-300">
                        {words.resemblesColumn()}
                      </span>
                      {resembles(entry)}
                    </>
                  ) : entry.code ? (
                    recordLink(entry.code)
                  ) : null}
                </td>
                <td className="px-3 py-2 align-top">
                  {entry.action === 'duplicate' ? (
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary-700"
                        checked={chosen.has(entry.row)}
                        onChange={(event) => onChoose(entry.row, event.target.checked)}
                        aria-label={words.createAnyway({ row: entry.row })}
                      />
                      <span aria-hidden>
                        {chosen.has(entry.row) ? words.chooseColumn() : words.willBeSkipped()}
                      </span>
                    </label>
                  ) : null}
                </td>
              </tr>
            ))}
          </CompactTable>
          {rows.length > shown ? (
            <div className="border-slate-200 border-t p-3 dark:border-slate-700">
              <button
                type="button"
                className={`${secondaryButton} ${smallButton}`}
                onClick={() => setShown((count) => count + pageSize)}
              >
                {words.showMore({ count: Math.min(pageSize, rows.length - shown) })}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
};
