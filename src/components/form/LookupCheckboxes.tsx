import type { TLookup } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useLookup } from './useLookup';

type TLookupCheckboxesProps = {
  id: string;
  label: string;
  lookup: TLookup;
  value: number[];
  emptyText: string;
  loadingText: string;
  onChange: (value: number[]) => void;
  onBlur?: () => void;
};

/**
 * Several choices from a lookup list (a child's disabilities): a labelled group of checkboxes, each
 * reached with Tab and toggled with Space. The value keeps the list's order.
 */
export const LookupCheckboxes = ({
  id,
  label,
  lookup,
  value,
  emptyText,
  loadingText,
  onChange,
  onBlur,
}: TLookupCheckboxesProps) => {
  const locale = useRouteLocale();
  const { options, loading } = useLookup(lookup.path);
  const chosen = new Set(value);
  return (
    <fieldset id={id} className="sm:col-span-2" aria-busy={loading}>
      <legend className="mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">{label}</legend>
      {options.length === 0 ? (
        <p className="text-slate-500 text-sm dark:text-slate-400">{loading ? loadingText : emptyText}</p>
      ) : (
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => (
            <label
              key={option.id}
              className="flex items-center gap-2 rounded px-1 py-1 text-slate-800 text-sm hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-primary-700 focus:ring-primary-500"
                checked={chosen.has(option.id)}
                onBlur={onBlur}
                onChange={(event) =>
                  onChange(
                    options
                      .map((candidate) => candidate.id)
                      .filter((candidate) =>
                        candidate === option.id ? event.target.checked : chosen.has(candidate),
                      ),
                  )
                }
              />
              {translate(option.name as never, locale)}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
};
