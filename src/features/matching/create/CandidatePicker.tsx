import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/Badge';
import { inputClass, labelClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { CompatibilityChecks } from '../CompatibilityChecks';
import type { TCandidate } from './candidates';

/** 'Everything matches', or how many criteria do not match or are unknown. */
const Score = ({ candidate }: { candidate: TCandidate }) => {
  const { LL } = useI18nContext();
  if (candidate.mismatches === null) return null;
  if (candidate.mismatches === 0 && candidate.unknowns === 0)
    return <Badge tone="green">{LL.areas.matching.allMatch()}</Badge>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {candidate.mismatches ? (
        <Badge tone="rose">{LL.areas.matching.mismatches({ count: candidate.mismatches })}</Badge>
      ) : null}
      {candidate.unknowns ? (
        <Badge tone="slate">{LL.areas.matching.unknowns({ count: candidate.unknowns })}</Badge>
      ) : null}
    </span>
  );
};

/** A candidate's name in the page's language, the other script under it. */
export const candidateNames = (candidate: TCandidate, locale: string) => {
  const first = locale === 'kh' ? candidate.name.kh : candidate.name.en;
  const second = locale === 'kh' ? candidate.name.en : candidate.name.kh;
  return { first, second: second !== first ? second : '' };
};

/**
 * One side of a matching to choose from: a search box over the candidates (name in either script
 * or code) and the list, best compatibility first, each with its criteria explained (the first's
 * until one is highlighted). Arrow keys in the box move through the list, Enter chooses the
 * highlighted one (the combobox pattern); a chosen one shows alone with 'Change'. Nothing is
 * highlighted until the first ArrowDown, which lands on the first candidate, as ArrowDown in a
 * list's search lands on its first row (docs/decisions.md, issue 38).
 */
export const CandidatePicker = ({
  label,
  candidates,
  chosen,
  onChoose,
  empty,
  autoFocus,
}: {
  label: string;
  candidates: readonly TCandidate[];
  chosen: TCandidate | null;
  onChoose: (candidate: TCandidate | null) => void;
  empty: string;
  autoFocus?: boolean;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const id = useId();
  const [search, setSearch] = useState('');
  // -1: nothing highlighted yet (the first ArrowDown highlights the first).
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    if (!words) return candidates;
    return candidates.filter((candidate) =>
      [
        candidate.code,
        candidate.name.kh,
        candidate.name.en,
        candidate.nameKh ?? '',
        candidate.nameEn ?? '',
      ].some((value) => value.toLowerCase().includes(words)),
    );
  }, [candidates, search]);
  const activeIndex = Math.min(active, shown.length - 1);
  // Whose criteria are explained: the highlighted one's, else the best one's.
  const explainedIndex = Math.max(activeIndex, 0);

  if (chosen) {
    const names = candidateNames(chosen, locale);
    return (
      <div data-chosen-candidate={chosen.code} className="rounded-md border border-primary-500 p-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-slate-500 text-xs dark:text-slate-400">
              {label} · {LL.areas.matching.chosen()}
            </p>
            <p className="font-semibold">{names.first}</p>
            {names.second ? (
              <p className="text-slate-600 text-sm dark:text-slate-300">{names.second}</p>
            ) : null}
            <p className="font-mono text-slate-500 text-xs tabular-nums dark:text-slate-400">{chosen.code}</p>
          </div>
          <button type="button" className={secondaryButton} onClick={() => onChoose(null)}>
            <Icon name="edit" className="size-4" />
            {LL.areas.matching.change()}
          </button>
        </div>
        {chosen.compatibility ? (
          <div className="mt-3">
            <CompatibilityChecks checks={chosen.compatibility} />
          </div>
        ) : null}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive(Math.min(activeIndex + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive(Math.max(activeIndex - 1, 0));
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'Enter') {
      // Nothing highlighted: nothing chosen (the box has no form to send).
      if (activeIndex >= 0 && shown[activeIndex]) onChoose(shown[activeIndex]);
    } else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div>
      <label htmlFor={`${id}-search`} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Icon name="search" className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" />
        <input
          id={`${id}-search`}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder={LL.areas.matching.searchCandidates()}
          className={`${inputClass(false)} pl-9`}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs dark:text-slate-400">
        {LL.areas.matching.bestFirst()}
      </p>
      {candidates.length === 0 ? (
        <p className="mt-2 rounded-md border border-slate-300 border-dashed p-4 text-center text-slate-600 text-sm dark:border-slate-600 dark:text-slate-300">
          {empty}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-2 p-4 text-center text-slate-600 text-sm dark:text-slate-300">
          {LL.areas.matching.noneFound()}
        </p>
      ) : (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className="mt-2 flex max-h-[28rem] flex-col gap-2 overflow-y-auto"
        >
          {shown.map((candidate, index) => {
            const names = candidateNames(candidate, locale);
            const isActive = index === activeIndex;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's arrows and Enter choose (combobox)
              <div
                key={candidate.id}
                tabIndex={-1}
                id={optionId(index)}
                role="option"
                aria-selected={isActive}
                data-candidate={candidate.code}
                className={`cursor-pointer rounded-md border p-3 text-sm ${
                  isActive
                    ? 'border-primary-500 bg-primary-50 dark:bg-primary-900/40'
                    : 'border-slate-200 hover:border-primary-300 dark:border-slate-700'
                }`}
                onMouseEnter={() => setActive(index)}
                onClick={() => onChoose(candidate)}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-medium">{names.first}</p>
                    {names.second ? (
                      <p className="text-slate-600 dark:text-slate-300">{names.second}</p>
                    ) : null}
                    {/* Slate-600: on the chosen one's tinted ground slate-500 falls short of 4.5:1. */}
                    <p className="font-mono text-slate-600 text-xs tabular-nums dark:text-slate-300">
                      {candidate.code}
                    </p>
                  </div>
                  <Score candidate={candidate} />
                </div>
                {candidate.compatibility && index === explainedIndex ? (
                  <div className="mt-2 border-slate-200 border-t pt-2 dark:border-slate-700">
                    <CompatibilityChecks checks={candidate.compatibility} />
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
};
