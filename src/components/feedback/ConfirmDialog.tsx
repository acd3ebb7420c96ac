import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { primaryButton, secondaryButton } from '@/components/ui';

type TConfirmDialogProps = {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question; Escape or the cancel button says no, focus starts on the safe choice. */
export const ConfirmDialog = ({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: TConfirmDialogProps) => (
  <Dialog open={open} onClose={onCancel} className="relative z-50">
    <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
    <div className="fixed inset-0 flex items-center justify-center p-4">
      <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900">
        <DialogTitle className="font-semibold text-lg text-slate-900 dark:text-slate-50">{title}</DialogTitle>
        <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">{body}</p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onCancel} autoFocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={
              danger
                ? `${primaryButton} bg-error hover:bg-error-dark dark:bg-error dark:hover:bg-error-dark`
                : primaryButton
            }
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogPanel>
    </div>
  </Dialog>
);
