import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { TLookup } from '@/domain/resource';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { fetchLookup, type TLookupOption } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { inputClass } from './fieldStyles';

/** A page of options: a long list (a province's villages, the communes of a form) comes in pieces. */
const pageSize = 50;
/** Typing is not sent on every key. */
const typingPauseMs = 200;

type TLookupComboboxProps = {
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
  inputRef?: (element: HTMLInputElement | null) => void;
};

/** The options path and query of a lookup, its parent's value filled in (path or query). */
const requestOf = (lookup: TLookup, parentValue: string) =>
  lookup.inPath && lookup.queryKey
    ? { path: lookup.path.replace(`{${lookup.queryKey}}`, encodeURIComponent(parentValue)), query: {} }
    : { path: lookup.path, query: lookup.queryKey ? { [lookup.queryKey]: parentValue } : {} };

/**
 * A searchable picker for long lookups (districts, communes, villages): what the user types, in
 * either script or as a code, is sent to the server (`q`), which answers a page at a time; scrolling
 * (or arrowing) to the end of the list fetches the next page. In a cascade it waits for its parent.
 */
export const LookupCombobox = ({
  id,
  lookup,
  value,
  parentValue,
  invalid,
  placeholder,
  waitingText,
  onChange,
  onBlur,
  inputRef,
}: TLookupComboboxProps) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const waiting =
    lookup.queryKey !== undefined &&
    (parentValue === null || parentValue === undefined || parentValue === '');
  const { path, query } = requestOf(lookup, waiting ? '' : String(parentValue));
  const queryText = JSON.stringify(query);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<{ options: TLookupOption[]; loading: boolean; more: boolean }>({
    options: [],
    loading: false,
    more: false,
  });
  const [chosen, setChosen] = useState<TLookupOption | null>(null);
  const request = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), typingPauseMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const loadPage = useCallback(
    (offset: number) => {
      if (waiting) return;
      const ticket = ++request.current;
      setState((previous) => ({ ...previous, loading: true }));
      void fetchLookup(path, {
        ...(JSON.parse(queryText) as Record<string, string>),
        ...(search ? { q: search } : {}),
        limit: pageSize + 1,
        offset,
      })
        .then((page) => {
          if (ticket !== request.current) return;
          setState((previous) => ({
            options: [...(offset === 0 ? [] : previous.options), ...page.slice(0, pageSize)],
            loading: false,
            more: page.length > pageSize,
          }));
        })
        .catch(() => ticket === request.current && setState((previous) => ({ ...previous, loading: false })));
    },
    [path, queryText, search, waiting],
  );

  useEffect(() => {
    if (waiting) {
      setState({ options: [], loading: false, more: false });
      return;
    }
    loadPage(0);
  }, [loadPage, waiting]);

  // The saved choice's name, when it is not on the page shown (an edit form, a deep village).
  useEffect(() => {
    if (value == null || waiting) {
      setChosen(null);
      return;
    }
    if (chosen?.id === value) return;
    let current = true;
    void fetchLookup(path, { ...(JSON.parse(queryText) as Record<string, string>), selected: value }).then(
      ([option]) => current && setChosen(option ?? null),
    );
    return () => {
      current = false;
    };
  }, [value, path, queryText, waiting, chosen?.id]);

  const labelOf = (option: TLookupOption | null) =>
    option
      ? `${translate(option.name as never, locale)}${option.code && lookup.showCode !== false ? ` (${option.code})` : ''}`
      : '';

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (state.more && !state.loading && list.scrollTop + list.clientHeight >= list.scrollHeight - 40) {
      loadPage(state.options.length);
    }
  };

  return (
    <Combobox
      value={value == null ? null : (state.options.find((option) => option.id === value) ?? chosen)}
      by="id"
      disabled={waiting}
      immediate
      onChange={(option: TLookupOption | null) => {
        setChosen(option);
        onChange(option?.id ?? null);
      }}
      onClose={() => setTyped('')}
    >
      <div className="relative">
        <ComboboxInput
          ref={inputRef}
          id={id}
          className={`${inputClass(invalid)} pe-9`}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          aria-busy={state.loading}
          autoComplete="off"
          placeholder={waiting ? waitingText : placeholder}
          displayValue={labelOf}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={onBlur}
        />
        <ComboboxButton
          className="absolute inset-y-0 end-0 flex items-center px-2 text-slate-500"
          aria-label={LL.lookup.searchToChoose()}
        >
          <span aria-hidden="true">▾</span>
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        onScroll={onScroll}
        className="z-50 max-h-72 w-[var(--input-width)] overflow-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg empty:invisible dark:border-slate-600 dark:bg-slate-900"
      >
        {state.options.map((option) => (
          <ComboboxOption
            key={option.id}
            value={option}
            className="cursor-pointer px-3 py-2 text-slate-900 data-[focus]:bg-primary-50 data-[selected]:font-semibold dark:text-slate-100 dark:data-[focus]:bg-primary-900/70"
          >
            {labelOf(option)}
          </ComboboxOption>
        ))}
        {state.loading ? (
          <div role="status" className="px-3 py-2 text-slate-500">
            {LL.lookup.searching()}
          </div>
        ) : state.options.length === 0 ? (
          <div role="status" className="px-3 py-2 text-slate-500">
            {LL.lookup.nothingFound()}
          </div>
        ) : state.more ? (
          <div className="px-3 py-2 text-slate-500 text-xs">{LL.lookup.moreOptions()}</div>
        ) : null}
      </ComboboxOptions>
    </Combobox>
  );
};
