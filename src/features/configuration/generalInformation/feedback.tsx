import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';

/** A load that failed: the reason and a way to try again. */
export const LoadFailed = ({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) => (
  <div className="flex flex-wrap items-center gap-3 text-slate-700 text-sm dark:text-slate-200" role="alert">
    <Icon name="alert" className="size-4 shrink-0 text-error" />
    <span className="flex-1">{message}</span>
    <button type="button" className={secondaryButton} onClick={onRetry}>
      <Icon name="refresh" className="size-4" />
      {retryLabel}
    </button>
  </div>
);

/** A section of the page: a card with its heading, a line about it, and its content. */
export const SectionCard = ({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) => (
  <section
    aria-labelledby={`${id}-title`}
    className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
  >
    <h2 id={`${id}-title`} className="font-semibold text-lg text-slate-900 dark:text-slate-50">
      {title}
    </h2>
    {hint ? <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{hint}</p> : null}
    <div className="mt-4">{children}</div>
  </section>
);

/** The line a person without the update permission reads above the values. */
export const ReadOnlyNote = ({ text }: { text: string }) => (
  <p className="mb-4 flex items-center gap-2 text-slate-500 text-sm dark:text-slate-400">
    <Icon name="lock" className="size-4 shrink-0" />
    {text}
  </p>
);
