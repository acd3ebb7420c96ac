import { useEffect, useState } from 'react';
import { DateInput } from '@/components/form/DateInput';
import { labelClass } from '@/components/form/fieldStyles';
import { dateRangeValue, parseDateRange } from '@/domain/dateRange';
import type { TFilterDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';

const isIsoDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

type TDateRangeFilterProps = {
  filter: TFilterDef;
  value: string | number | null | undefined;
  label: string;
  onChange: (value: string | null) => void;
};

/**
 * A list filter over a span of days (`completedIn`, set by a report's link, issue 24): two of the
 * app's date fields (dd-mm-yyyy with a calendar, as every date here) in a labelled group. The filter
 * changes once both days are given in order, or both emptied.
 */
export const DateRangeFilter = ({ filter, value, label, onChange }: TDateRangeFilterProps) => {
  const { LL } = useI18nContext();
  const range = typeof value === 'string' ? parseDateRange(value) : null;
  const [from, setFrom] = useState(range?.from ?? '');
  const [to, setTo] = useState(range?.to ?? '');
  // The address changed (a link, 'Clear filters'): the boxes show it.
  useEffect(() => {
    const next = typeof value === 'string' ? parseDateRange(value) : null;
    setFrom(next?.from ?? '');
    setTo(next?.to ?? '');
  }, [value]);
  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom === '' && nextTo === '') onChange(null);
    // DateInput gives the text as typed until it is a real day: only two real days in order apply.
    else if (isIsoDay(nextFrom) && isIsoDay(nextTo) && nextFrom <= nextTo)
      onChange(dateRangeValue(nextFrom, nextTo));
  };
  const id = `filter-${filter.key}`;
  return (
    <fieldset className="min-w-40">
      <legend className={`${labelClass} text-xs`}>{label}</legend>
      <div className="flex gap-1">
        <label htmlFor={`${id}-from`} className="sr-only">
          {LL.listFilters.rangeFrom({ label })}
        </label>
        <DateInput id={`${id}-from`} value={from} max={to || undefined} onChange={(day) => change(day, to)} />
        <label htmlFor={`${id}-to`} className="sr-only">
          {LL.listFilters.rangeTo({ label })}
        </label>
        <DateInput id={`${id}-to`} value={to} min={from || undefined} onChange={(day) => change(from, day)} />
      </div>
    </fieldset>
  );
};
