import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { useLookup } from '@/components/form/useLookup';
import type { TFilterDef } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useRouteLocale } from '@/platform/useRouteLocale';

type TLookupFilterProps = {
  filter: TFilterDef;
  value: string | number | null | undefined;
  parentValue: unknown;
  label: string;
  anyLabel: string;
  optionLabel: (key: string, value: string) => string;
  onChange: (value: string | number | null) => void;
};

/** One filter of a list: a lookup (cascading on another filter) or a fixed set of options. */
export const LookupFilter = ({
  filter,
  value,
  parentValue,
  label,
  anyLabel,
  optionLabel,
  onChange,
}: TLookupFilterProps) => {
  const locale = useRouteLocale();
  const lookup = filter.kind === 'lookup' ? filter.lookup : undefined;
  const { options, waiting } = useLookup(lookup?.path, lookup?.queryKey, parentValue, lookup?.inPath);
  const id = `filter-${filter.key}`;
  return (
    <div className="min-w-40">
      <label htmlFor={id} className={`${labelClass} text-xs`}>
        {label}
      </label>
      <select
        id={id}
        className={inputClass(false)}
        value={value ?? ''}
        disabled={filter.kind === 'lookup' && waiting}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(raw === '' ? null : filter.kind === 'lookup' ? Number(raw) : raw);
        }}
      >
        <option value="">{anyLabel}</option>
        {filter.kind === 'select'
          ? filter.options?.map((option) => (
              <option key={option} value={option}>
                {optionLabel(filter.label, option)}
              </option>
            ))
          : options.map((option) => (
              <option key={option.id} value={option.id}>
                {translate(option.name as never, locale)}
              </option>
            ))}
      </select>
    </div>
  );
};
