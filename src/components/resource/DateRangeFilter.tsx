import { useEffect, useState } from 'react';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { dateRangeValue, parseDateRange } from '@/domain/dateRange';
import type { TFilterDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';

type TDateRangeFilterProps = {
  filter: TFilterDef;
  value: string | number | null | undefined;
  label: string;
  onChange: (value: string | null) => void;
};

/**
 * A list filter over a span of days (`completedIn`, set by a report's link, issue 24): two day
 * boxes in a labelled group. The filter changes once both days are given in order, or both emptied.
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
    else if (nextFrom && nextTo && nextFrom <= nextTo) onChange(dateRangeValue(nextFrom, nextTo));
  };
  const id = `filter-${filter.key}`;
  return (
    <fieldset className="min-w-40">
      <legend className={`${labelClass} text-xs`}>{label}</legend>
      <div className="flex gap-1">
        <input
          id={`${id}-from`}
          type="date"
          className={inputClass(false)}
          aria-label={LL.listFilters.rangeFrom({ label })}
          value={from}
          max={to || undefined}
          onChange={(event) => change(event.target.value, to)}
        />
        <input
          id={`${id}-to`}
          type="date"
          className={inputClass(false)}
          aria-label={LL.listFilters.rangeTo({ label })}
          value={to}
          min={from || undefined}
          onChange={(event) => change(from, event.target.value)}
        />
      </div>
    </fieldset>
  );
};
