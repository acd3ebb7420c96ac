import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';

/** The notice above a form (why a save failed); a conflict offers to reload. */
export const FormNotice = ({
  message,
  reloadLabel,
  onReload,
}: {
  message: string;
  reloadLabel?: string;
  onReload?: () => void;
}) => (
  <div
    role="alert"
    className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-error/40 bg-error-light px-4 py-3 text-error-dark text-sm dark:bg-error/20 dark:text-red-200"
  >
    <Icon name="alert" className="size-4 shrink-0" />
    <span className="flex-1">{message}</span>
    {onReload ? (
      <button type="button" className={secondaryButton} onClick={onReload}>
        <Icon name="refresh" className="size-4" />
        {reloadLabel}
      </button>
    ) : null}
  </div>
);
