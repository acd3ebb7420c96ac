import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { DateInput } from '@/components/form/DateInput';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { useLookup } from '@/components/form/useLookup';
import { Icon } from '@/components/Icon';
import { primaryButton, secondaryButton } from '@/components/ui';
import { formatDate } from '@/domain/dateFormat';
import { reportAgeBands } from '@/domain/reports/reportQuery';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TReportFilterKey, TReportFilters } from './reportFilters';

/** Where the pickers' options come from: the children's lookups (provinces; the user's own head offices). */
const lookupPaths = {
  provinceId: '/child-infos/provinces',
  headOfficeId: '/child-infos/head-offices',
} as const;

type TOption = { value: string; label: string };

/**
 * Each field's width. The province's and the office's choices load after the bar is drawn: with a
 * width of their own the bar does not grow and push the report down when their names arrive.
 */
const fieldWidth: Record<TReportFilterKey, string> = {
  from: 'w-40',
  to: 'w-40',
  provinceId: 'w-48',
  headOfficeId: 'w-64',
  sex: 'min-w-36 max-w-64',
  ageBand: 'min-w-36 max-w-64',
  disability: 'min-w-36 max-w-64',
};

/**
 * A report's filter bar (issue 24): the filters its description names, each labelled, reached with
 * Tab. Enter in any field applies them (a select too: browsers submit only from text fields), Reset
 * clears them; the report reads them from the address. On paper, the applied filters in words.
 */
export const ReportFilterBar = ({
  keys,
  applied,
  onApply,
  sexLabel,
}: {
  keys: readonly TReportFilterKey[];
  applied: TReportFilters;
  onApply: (filters: TReportFilters) => void;
  /** The sex filter's label where it is not a child's (the parents' report: the first applicant's). */
  sexLabel?: string;
}) => {
  const { LL } = useI18nContext();
  const words = LL.reports.filters;
  const locale = useRouteLocale();
  const id = useId();
  const [draft, setDraft] = useState<TReportFilters>(applied);
  // Another address (back, a link, Reset) shows its own filters.
  useEffect(() => setDraft(applied), [applied]);
  const provinces = useLookup(keys.includes('provinceId') ? lookupPaths.provinceId : undefined);
  const offices = useLookup(keys.includes('headOfficeId') ? lookupPaths.headOfficeId : undefined);

  const optionsOf = (key: TReportFilterKey): TOption[] => {
    const named = (list: { id: number; name: unknown }[]) =>
      list.map((option) => ({ value: String(option.id), label: translate(option.name as never, locale) }));
    if (key === 'provinceId') return named(provinces.options);
    if (key === 'headOfficeId') return named(offices.options);
    if (key === 'sex')
      return (['male', 'female'] as const).map((sex) => ({ value: sex, label: LL.options.sex[sex]() }));
    if (key === 'ageBand')
      return reportAgeBands.map((band) => ({ value: band, label: LL.reports.ageBand({ band }) }));
    if (key === 'disability')
      return [
        { value: 'true', label: LL.reports.disability.yes() },
        { value: 'false', label: LL.reports.disability.no() },
      ];
    return [];
  };
  const labelOf = (key: TReportFilterKey) =>
    ({
      from: words.from(),
      to: words.to(),
      provinceId: words.province(),
      headOfficeId: words.headOffice(),
      sex: sexLabel ?? words.sex(),
      ageBand: words.ageBand(),
      disability: words.disability(),
    })[key];
  const set = (key: TReportFilterKey, value: string) =>
    setDraft((current) => ({ ...current, [key]: value || undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const enterApplies = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault();
      onApply(draft);
    }
  };
  const appliedWords = keys.flatMap((key) => {
    const value = applied[key];
    if (!value) return [];
    const shown =
      key === 'from' || key === 'to'
        ? formatDate(value)
        : (optionsOf(key).find((option) => option.value === value)?.label ?? value);
    return [`${labelOf(key)}: ${shown}`];
  });

  return (
    <>
      <form
        aria-label={words.title()}
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:hidden"
        onSubmit={submit}
        onKeyDown={enterApplies}
      >
        {keys.map((key) => {
          const fieldId = `${id}-${key}`;
          return (
            <div key={key} className={fieldWidth[key]}>
              <label htmlFor={fieldId} className={`${labelClass} text-xs`}>
                {labelOf(key)}
              </label>
              {key === 'from' || key === 'to' ? (
                <DateInput
                  id={fieldId}
                  name={key}
                  value={draft[key] ?? ''}
                  onChange={(value) => set(key, value)}
                />
              ) : (
                <select
                  id={fieldId}
                  name={key}
                  className={inputClass(false)}
                  value={draft[key] ?? ''}
                  onChange={(event) => set(key, event.target.value)}
                >
                  <option value="">{words.any()}</option>
                  {optionsOf(key).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </div>
          );
        })}
        <div className="flex items-center gap-2">
          <button type="submit" className={primaryButton}>
            <Icon name="check" className="size-4" />
            {words.apply()}
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            {words.reset()}
          </button>
        </div>
        <p className="w-full text-slate-500 text-xs dark:text-slate-400">{words.hint()}</p>
      </form>
      {appliedWords.length > 0 ? (
        <p className="mt-1 hidden text-sm print:block">{appliedWords.join(' · ')}</p>
      ) : null}
    </>
  );
};
