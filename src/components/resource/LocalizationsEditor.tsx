import { useMemo, useState } from 'react';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import en from '@/i18n/en';
import { useI18nContext } from '@/i18n/i18n-react';
import km from '@/i18n/km';
import { dictionaryEntries } from './dictionaryEntries';

type TOverride = { key: string; value: string };

const entriesByCode: Record<string, { key: string; text: string }[]> = {
  kh: dictionaryEntries(km),
  en: dictionaryEntries(en),
};

/**
 * The translation overrides of a language: every text of its dictionary with the shipped wording
 * and a box for the administrator's correction (an empty box keeps the shipped text).
 */
export const LocalizationsEditor = ({
  code,
  value,
  onChange,
  error,
}: {
  code: string;
  value: TOverride[];
  onChange: (value: TOverride[]) => void;
  error?: string;
}) => {
  const { LL } = useI18nContext();
  const [filter, setFilter] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const overrides = useMemo(() => new Map(value.map((item) => [item.key, item.value])), [value]);
  const entries = entriesByCode[code] ?? [];
  const needle = filter.trim().toLocaleLowerCase();
  const shown = entries.filter(
    (entry) =>
      (!onlyChanged || overrides.has(entry.key)) &&
      (!needle ||
        entry.key.toLocaleLowerCase().includes(needle) ||
        entry.text.toLocaleLowerCase().includes(needle) ||
        (overrides.get(entry.key) ?? '').toLocaleLowerCase().includes(needle)),
  );

  const setOverride = (key: string, text: string) => {
    const next = value.filter((item) => item.key !== key);
    if (text !== '') next.push({ key, value: text });
    onChange(next);
  };

  return (
    <section aria-labelledby="localizations-title">
      <h2 id="localizations-title" className="font-semibold text-lg text-slate-900 dark:text-slate-50">
        {LL.fields.localizations()} ({value.length})
      </h2>
      <p className="mb-3 text-slate-500 text-sm dark:text-slate-400">{LL.languages.hint()}</p>
      {error ? <p className="mb-2 text-error text-sm">{error}</p> : null}
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="localization-filter" className={`${labelClass} text-xs`}>
            {LL.list.search()}
          </label>
          <input
            id="localization-filter"
            type="search"
            className={inputClass(false)}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={onlyChanged}
            onChange={(event) => setOnlyChanged(event.target.checked)}
          />
          {LL.languages.onlyChanged()}
        </label>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
        <table className="w-full table-fixed text-sm">
          <thead className="sticky top-0 bg-slate-50 text-left dark:bg-slate-800">
            <tr>
              <th className="w-1/4 px-3 py-2 font-medium">{LL.languages.key()}</th>
              <th className="px-3 py-2 font-medium">{LL.languages.shipped()}</th>
              <th className="px-3 py-2 font-medium">{LL.languages.override()}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={entry.key} className="border-slate-100 border-t dark:border-slate-800">
                <td className="break-all px-3 py-1.5 font-mono text-slate-600 text-xs dark:text-slate-400">
                  {entry.key}
                </td>
                <td className="px-3 py-1.5 text-slate-700 dark:text-slate-200">{entry.text}</td>
                <td className="px-3 py-1.5">
                  <input
                    aria-label={`${LL.languages.override()}: ${entry.key}`}
                    className={inputClass(false)}
                    value={overrides.get(entry.key) ?? ''}
                    onChange={(event) => setOverride(entry.key, event.target.value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
};
