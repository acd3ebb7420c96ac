import { type ReactNode, useId, useState } from 'react';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { DialogForm } from '@/components/form/DialogForm';
import { SubmitButton } from '@/components/form/FormButtons';
import { errorTextClass, inputClass, labelClass } from '@/components/form/fieldStyles';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

/**
 * A decision about possible duplicates that needs a written reason (register anyway, not a
 * duplicate, merge): what it is about (`children`), the reason (required: an empty one is said
 * under the field and nothing is sent), the decision's button and a way back. Keyboard: the reason
 * takes the focus, Enter in it writes a new line, Ctrl+Enter or the button decides, Esc goes back.
 */
export const ReasonDialog = ({
  open,
  title,
  intro,
  reasonLabel,
  reasonRequired,
  confirmLabel,
  confirmIcon,
  cancelLabel,
  busy,
  failure,
  size = '2xl',
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  intro?: string;
  reasonLabel: string;
  reasonRequired: string;
  confirmLabel: string;
  confirmIcon: string;
  cancelLabel?: string;
  busy: boolean;
  /** Why the last try failed, said over the buttons. */
  failure?: string | null;
  size?: 'md' | 'lg' | '2xl';
  onConfirm: (reason: string) => void;
  onClose: () => void;
  children?: ReactNode;
}) => {
  const { LL } = useI18nContext();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (busy) return;
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    onConfirm(text);
  };
  return (
    <ModalDialog open={open} title={title} intro={intro} size={size} onClose={busy ? () => {} : onClose}>
      <DialogForm
        onSave={confirm}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            confirm();
          }
        }}
      >
        {children}
        <div className="mt-4">
          <label htmlFor={id} className={labelClass}>
            {reasonLabel}
            <span className="ml-0.5 text-error" title={LL.form.requiredMark()}>
              *
            </span>
          </label>
          <textarea
            id={id}
            rows={3}
            autoFocus
            maxLength={2000}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            className={inputClass(missing)}
            aria-invalid={missing}
            aria-describedby={missing ? `${id}-error` : undefined}
            required
          />
          {missing ? (
            <p id={`${id}-error`} className={errorTextClass} role="alert">
              {reasonRequired}
            </p>
          ) : null}
        </div>
        {failure ? (
          <p role="alert" className="mt-3 text-error text-sm">
            {failure}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            {cancelLabel ?? LL.form.cancel()}
          </button>
          <SubmitButton icon={confirmIcon} busy={busy} busyLabel={LL.form.saving()} label={confirmLabel} />
        </div>
      </DialogForm>
    </ModalDialog>
  );
};
