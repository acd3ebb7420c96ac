import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

/** The line's look while loading: a polite live line, busy until the content arrives. */
export const loadingLineClass = 'text-slate-600 text-sm dark:text-slate-300';
/** The failure's look: an alert with its icon, the words, and Try again (kept off paper). */
export const failedLineClass = 'flex flex-wrap items-center gap-3 text-slate-700 text-sm dark:text-slate-200';

const withSpacing = (base: string, spacing: string | undefined) => (spacing ? `${base} ${spacing}` : base);

/**
 * A part of a page read on its own (a card's rows, a section, a picker's candidates) while it is
 * not there yet: 'Loading...' (or the part's own words), or its failure with a Try again button;
 * `children` once it is loaded. Every card and section shows these two states this one way.
 */
export const LoadState = ({
  state,
  loadingText,
  failedText,
  onRetry,
  spinner = false,
  spacing,
  children,
}: {
  /** `loading` and `failed` show their line; any other state (`ready`...) shows the children. */
  state: string;
  /** Defaults to 'Loading...'. */
  loadingText?: string;
  failedText: string;
  onRetry: () => void;
  /** A spinning ring before the loading words (a list being filled in). */
  spinner?: boolean;
  /** Padding of the line in its place (`py-4`, `p-4`). */
  spacing?: string;
  /** What is shown once loaded: a function, so that it reads the data only then. */
  children?: () => ReactNode;
}) => {
  const { LL } = useI18nContext();
  if (state === 'loading')
    return (
      <p
        className={withSpacing(
          spinner ? `flex items-center gap-2 ${loadingLineClass}` : loadingLineClass,
          spacing,
        )}
        aria-live="polite"
        aria-busy="true"
      >
        {spinner ? (
          <span className="size-3 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" />
        ) : null}
        {loadingText ?? LL.record.loading()}
      </p>
    );
  if (state === 'failed')
    return (
      <div role="alert" className={withSpacing(failedLineClass, spacing)}>
        <Icon name="alert" className="size-4 shrink-0 text-error" />
        <span className="flex-1">{failedText}</span>
        <button type="button" className={`${secondaryButton} print:hidden`} onClick={onRetry}>
          <Icon name="refresh" className="size-4" />
          {LL.record.retry()}
        </button>
      </div>
    );
  return <>{children?.()}</>;
};
