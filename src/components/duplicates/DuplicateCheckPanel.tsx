import { useEffect, useId, useMemo, useState } from 'react';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';
import { Icon } from '@/components/Icon';
import type { TDuplicateMatch } from '@/domain/duplicates';
import type { TDuplicateCheck, TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { isAbortError } from '@/platform/api/errors';
import { DuplicateMatchList } from './DuplicateMatchList';
import { checkDuplicates } from './duplicateApi';

/** How long typing must pause before the form asks (one call per pause, not per key). */
export const duplicateCheckDelayMs = 400;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The candidate the form holds, as the create body names it: empty fields left out, a date only
 * once whole; null when none of the `askWhen` fields (the names) has two letters yet, so an empty
 * or barely started form asks nothing.
 */
export const duplicateCandidate = (
  check: TDuplicateCheck,
  values: readonly unknown[],
): Record<string, unknown> | null => {
  const candidate: Record<string, unknown> = {};
  check.fields.forEach((key, index) => {
    const value = values[index];
    if (typeof value === 'string') {
      const text = value.trim();
      if (!text) return;
      if (/DateOfBirth$|^dateOfBirth$/.test(key) && !isoDay.test(text)) return;
      candidate[key] = text;
    } else if (typeof value === 'number' || typeof value === 'boolean') candidate[key] = value;
  });
  const named = check.askWhen.some((key) => String(candidate[key] ?? '').length >= 2);
  return named ? candidate : null;
};

/**
 * Possible duplicates of the record being typed (issue 35), at the end of the form section the
 * description names: asked `duplicateCheckDelayMs` after typing pauses, the answer replacing the
 * last; nothing shown while there is none. A screen reader hears how many were found (a polite
 * status); each opens in a new tab. A failed ask says nothing: the save asks the server again.
 */
export const DuplicateCheckPanel = ({
  definition,
  control,
  excludeId,
}: {
  definition: Pick<TResourceDefinition, 'apiBase' | 'routeBase' | 'recordPage'> & {
    duplicateCheck: TDuplicateCheck;
  };
  control: Control<FieldValues>;
  /** The record being edited: never its own duplicate. */
  excludeId?: number;
}) => {
  const { LL } = useI18nContext();
  const words = LL.duplicateCheck;
  const headingId = useId();
  const check = definition.duplicateCheck;
  const values = useWatch({ control, name: check.fields as string[] });
  const candidate = useMemo(() => duplicateCandidate(check, values), [check, values]);
  const asked = candidate ? JSON.stringify(candidate) : null;
  const [matches, setMatches] = useState<readonly TDuplicateMatch[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` stands for the candidate
  useEffect(() => {
    if (!candidate) {
      setMatches([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkDuplicates(
        definition,
        excludeId === undefined ? candidate : { ...candidate, excludeId },
        controller.signal,
      ).then(
        (found) => {
          if (!controller.signal.aborted) setMatches(found);
        },
        (error: unknown) => {
          if (!isAbortError(error) && !controller.signal.aborted) setMatches([]);
        },
      );
    }, duplicateCheckDelayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [asked, definition, excludeId]);

  return (
    <div data-duplicate-check="">
      <p role="status" className="sr-only">
        {matches.length > 0 ? words.found({ count: matches.length }) : ''}
      </p>
      {matches.length > 0 ? (
        <section
          aria-labelledby={headingId}
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
        >
          <h3
            id={headingId}
            className="flex items-center gap-2 font-semibold text-amber-900 text-base dark:text-amber-100"
          >
            <Icon name="matching" className="size-4" />
            {words.heading()} ({matches.length})
          </h3>
          <p className="mb-2 text-amber-900 text-sm dark:text-amber-100">{words.intro()}</p>
          <DuplicateMatchList definition={definition} matches={matches} labelledBy={headingId} />
        </section>
      ) : null}
    </div>
  );
};
