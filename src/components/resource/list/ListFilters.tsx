import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { lazy, Suspense } from 'react';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import type { TFilterDef } from '@/domain/resource';
import { useMediaQuery } from '@/platform/useMediaQuery';
import { LookupFilter } from '../LookupFilter';
import type { TListView } from '../listAddress';
import type { useResourceText } from '../useResourceText';

// The date filter's fields and calendar load with a list that has one (issue 38), not with every list.
const DateRangeFilter = lazy(() =>
  import('../DateRangeFilter').then((module) => ({ default: module.DateRangeFilter })),
);

/** The 'sm' breakpoint: narrower, the filters fold behind a 'Filters' button. */
const foldFiltersBelowPx = 960;

/** A list's filters: on a narrow screen folded behind one button that says how many are set. */
export const ListFilters = ({
  filters,
  view,
  text,
  onChange,
}: {
  filters: readonly TFilterDef[];
  view: TListView;
  text: ReturnType<typeof useResourceText>;
  onChange: (filters: TListView['filters']) => void;
}) => {
  const { LL, labelOf, optionLabel } = text;
  const foldFilters = !useMediaQuery(`(min-width: ${foldFiltersBelowPx}px)`);
  const filtersSet = filters.filter((filter) => view.filters[filter.key] != null).length;
  // A filter offered only when set (a report's link) shows while it narrows the list.
  const offered = filters.filter(
    (filter) => !filter.onlyWhenSet || (view.filters[filter.key] != null && view.filters[filter.key] !== ''),
  );
  const controls = offered.map((filter) => {
    const parentKey = filter.lookup?.dependsOn;
    if (filter.kind === 'dateRange')
      return (
        <Suspense key={filter.key} fallback={null}>
          <DateRangeFilter
            filter={filter}
            value={view.filters[filter.key]}
            label={labelOf(filter.label)}
            onChange={(value) => onChange({ ...view.filters, [filter.key]: value })}
          />
        </Suspense>
      );
    return (
      <LookupFilter
        key={filter.key}
        filter={filter}
        value={view.filters[filter.key]}
        parentValue={parentKey ? view.filters[parentKey] : undefined}
        label={labelOf(filter.label)}
        anyLabel={LL.list.anyOption()}
        optionLabel={
          filter.optionText ? (_key, value) => filter.optionText?.(LL, value) || value : optionLabel
        }
        onChange={(value) => {
          const next = { ...view.filters, [filter.key]: value };
          // A narrower filter depending on this one no longer applies.
          for (const other of filters) if (other.lookup?.dependsOn === filter.key) next[other.key] = null;
          onChange(next);
        }}
      />
    );
  });
  if (!foldFilters || filters.length === 0) return <>{controls}</>;
  return (
    <Disclosure>
      <DisclosureButton className={`${secondaryButton} data-open:bg-slate-100 dark:data-open:bg-slate-700`}>
        <Icon name="filter" className="size-4" />
        {LL.listFilters.toggle()}
        {filtersSet > 0 ? (
          <span className="rounded-full bg-primary-700 px-2 text-white text-xs dark:bg-primary-300 dark:text-slate-950">
            {LL.listFilters.active({ count: filtersSet })}
          </span>
        ) : null}
      </DisclosureButton>
      <DisclosurePanel className="grid w-full gap-3 [&>div]:min-w-0">{controls}</DisclosurePanel>
    </Disclosure>
  );
};
