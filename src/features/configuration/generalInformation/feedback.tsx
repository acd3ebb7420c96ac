import type { ReactNode } from 'react';
import { LoadState } from '@/components/feedback/LoadState';
import { Icon } from '@/components/Icon';

/**
 * A load that failed: the reason and a way to try again, as every card says it (LoadState).
 * `retryLabel` is the same 'Try again' LoadState says; it goes once the callers stop passing it.
 */
export const LoadFailed = ({
  message,
  onRetry,
}: {
  message: string;
  retryLabel?: string;
  onRetry: () => void;
}) => <LoadState state="failed" failedText={message} onRetry={onRetry} />;

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
