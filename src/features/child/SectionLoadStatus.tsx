import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

/**
 * A child section's part that is read on its own (family, documents) while it is not there: a
 * polite 'Loading…' line, or the failure with Retry (the button stays off paper).
 */
export const SectionLoadStatus = ({
  state,
  loadingText,
  failedText,
  onRetry,
}: {
  state: 'loading' | 'failed';
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}) => {
  const { LL } = useI18nContext();
  if (state === 'loading') {
    return (
      <p className="py-4 text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
        {loadingText}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 py-2 text-slate-700 text-sm dark:text-slate-200"
    >
      <Icon name="alert" className="size-5 text-error" />
      <span className="flex-1">{failedText}</span>
      <button type="button" className={`${secondaryButton} print:hidden`} onClick={onRetry}>
        <Icon name="refresh" className="size-4" />
        {LL.list.retry()}
      </button>
    </div>
  );
};
