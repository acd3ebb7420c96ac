import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { focusRing } from '@/components/ui';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { isAbortError } from '@/platform/api/errors';
import { searchRecords } from '@/platform/api/recordSearch';
import type { TResourceRow } from '@/platform/api/resources';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TRecordReportKindView } from './reportKinds';

/** As the palette's record search: fewer characters find too much, and typing pauses first. */
const minLength = 2;
const debounceMs = 200;

type TFound =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'failed' }
  | { state: 'done'; rows: TResourceRow[] };

/**
 * The report's address without an id: a search field (code or name, the list's own search on the
 * server, as the palette finds records) with its results as a listbox: arrows move, Enter opens
 * the chosen record's report.
 */
export const RecordPicker = ({ kind }: { kind: TRecordReportKindView }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TFound>({ state: 'idle' });
  const [active, setActive] = useState(0);
  const text = query.trim();

  useEffect(() => {
    if (text.length < minLength) {
      setFound({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setFound((current) => (current.state === 'done' ? current : { state: 'searching' }));
    const timer = window.setTimeout(() => {
      searchRecords(kind.definition, text, controller.signal).then(
        (rows) => {
          if (controller.signal.aborted) return;
          setFound({ state: 'done', rows });
          setActive(0);
        },
        (error: unknown) => {
          if (!controller.signal.aborted && !isAbortError(error)) setFound({ state: 'failed' });
        },
      );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, kind.definition]);

  const rows = found.state === 'done' ? found.rows : [];
  const open = (row: TResourceRow) => navigate(localizedPath(locale, `${kind.showBase}/${row.id}`));
  const optionId = (index: number) => `${ids}-option-${index}`;
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (rows.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + rows.length) % rows.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = rows[Math.min(active, rows.length - 1)];
      if (row) open(row);
    }
  };
  const status =
    found.state === 'searching'
      ? LL.recordReport.searching()
      : found.state === 'failed'
        ? LL.recordReport.searchFailed()
        : found.state === 'done'
          ? rows.length === 0
            ? LL.recordReport.noResult()
            : LL.recordReport.results({ count: rows.length })
          : '';

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{kind.title(LL)}</h1>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <label
          htmlFor={`${ids}-input`}
          className="block font-medium text-slate-800 text-sm dark:text-slate-100"
        >
          {kind.searchLabel(LL)}
        </label>
        <p id={`${ids}-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
          {LL.recordReport.searchHint()}
        </p>
        <input
          id={`${ids}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          // The page is this field: the cursor is in it when it opens.
          autoFocus
          aria-autocomplete="list"
          aria-expanded={rows.length > 0}
          aria-controls={`${ids}-listbox`}
          aria-describedby={`${ids}-hint ${ids}-status`}
          aria-activedescendant={rows.length > 0 ? optionId(Math.min(active, rows.length - 1)) : undefined}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className={`mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
        />
        <p
          id={`${ids}-status`}
          aria-live="polite"
          className={`mt-2 text-sm ${found.state === 'failed' ? 'text-error' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {status}
        </p>
        <div
          id={`${ids}-listbox`}
          role="listbox"
          aria-label={kind.searchLabel(LL)}
          className="mt-2 flex flex-col gap-1"
        >
          {rows.map((row, index) => {
            const selected = index === Math.min(active, rows.length - 1);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the field (arrows and Enter)
              <div
                key={String(row.id)}
                tabIndex={-1}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                onClick={() => open(row)}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer rounded-md px-3 py-2 text-sm ${
                  selected
                    ? 'bg-primary-50 text-primary-900 ring-1 ring-primary-500 dark:bg-primary-900/40 dark:text-primary-100'
                    : 'text-slate-800 dark:text-slate-100'
                }`}
              >
                <div className="font-medium">{translate(kind.definition.titleOf(row) as never, locale)}</div>
                <div className="text-slate-500 text-xs dark:text-slate-400">
                  {kind.definition.subtitleOf?.(row, locale) ?? String(row.code ?? '')}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
};
