import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { primaryButton, secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

/** A form's submit button: its icon and word, the busy word (and disabled) while it saves. */
export const SubmitButton = ({
  icon,
  busy,
  busyLabel,
  label,
  autoFocus,
}: {
  icon: string;
  busy: boolean;
  busyLabel: string;
  label: ReactNode;
  autoFocus?: boolean;
}) => (
  <button type="submit" className={primaryButton} disabled={busy} autoFocus={autoFocus}>
    <Icon name={icon} className="size-4" />
    {busy ? busyLabel : label}
  </button>
);

/** 'Save' with the disk, 'Saving…' while it saves: the record forms' and dialogs' submit. */
export const SaveButton = ({ busy }: { busy: boolean }) => {
  const { LL } = useI18nContext();
  return <SubmitButton icon="save" busy={busy} busyLabel={LL.form.saving()} label={LL.form.save()} />;
};

/** 'Cancel': leaves the form or closes the dialog without saving. */
export const CancelButton = ({ onClick }: { onClick: () => void }) => {
  const { LL } = useI18nContext();
  return (
    <button type="button" className={secondaryButton} onClick={onClick}>
      {LL.form.cancel()}
    </button>
  );
};

/** A dialog's footer: its keyboard hint on the left, 'Cancel' and the submit button (`children`) on the right. */
export const DialogFooter = ({
  hint,
  onCancel,
  children,
}: {
  hint: ReactNode;
  onCancel: () => void;
  children: ReactNode;
}) => (
  <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
    <span className="mr-auto text-slate-500 text-xs dark:text-slate-400">{hint}</span>
    <CancelButton onClick={onCancel} />
    {children}
  </div>
);
