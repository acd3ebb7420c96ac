import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TFormNotice } from './saveFailure';

/** The notice above a form (why a save failed), or nothing; a conflict offers to reload. */
export const FormNotice = ({ notice, onReload }: { notice: TFormNotice | null; onReload?: () => void }) => {
  const { LL } = useI18nContext();
  if (!notice) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-error/40 bg-error-light px-4 py-3 text-error-dark text-sm dark:bg-error/20 dark:text-red-200"
    >
      <Icon name="alert" className="size-4 shrink-0" />
      <span className="flex-1">{notice.message}</span>
      {notice.conflict && onReload ? (
        <button type="button" className={secondaryButton} onClick={onReload}>
          <Icon name="refresh" className="size-4" />
          {LL.form.reload()}
        </button>
      ) : null}
    </div>
  );
};
