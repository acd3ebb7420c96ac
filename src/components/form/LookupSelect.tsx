import type { TLookup } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { inputClass } from './fieldStyles';
import { useLookup } from './useLookup';

type TLookupSelectProps = {
  id: string;
  lookup: TLookup;
  value: number | null | undefined;
  parentValue?: unknown;
  invalid: boolean;
  placeholder: string;
  waitingText: string;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** react-hook-form focuses the first invalid field through it. */
  selectRef?: (element: HTMLSelectElement | null) => void;
};

/** A picker fed by a lookup list; in a cascade it waits for its parent's choice. */
export const LookupSelect = ({
  id,
  lookup,
  value,
  parentValue,
  invalid,
  placeholder,
  waitingText,
  onChange,
  onBlur,
  selectRef,
}: TLookupSelectProps) => {
  const locale = useRouteLocale();
  const { options, waiting, loading } = useLookup(lookup.path, lookup.queryKey, parentValue, lookup.inPath);
  return (
    <select
      ref={selectRef}
      id={id}
      className={inputClass(invalid)}
      value={value ?? ''}
      disabled={waiting}
      aria-invalid={invalid}
      aria-describedby={invalid ? `${id}-error` : undefined}
      aria-busy={loading}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <option value="">{waiting ? waitingText : placeholder}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {translate(option.name as never, locale)}
          {option.code && lookup.showCode !== false ? ` (${option.code})` : ''}
        </option>
      ))}
      {/* The saved choice stays visible while its list loads. */}
      {value != null && !options.some((option) => option.id === value) ? (
        <option value={value}>…</option>
      ) : null}
    </select>
  );
};
