import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { iconButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

const widths = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;

/**
 * A dialog holding a small form (a profile, a password, a sub-menu): title, close button, optional
 * intro. Focus stays inside, Esc closes, focus returns where it was (headlessui).
 */
export const ModalDialog = ({
  open,
  title,
  intro,
  size = 'md',
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  intro?: string;
  size?: keyof typeof widths;
  onClose: () => void;
  children: ReactNode;
}) => {
  const { LL } = useI18nContext();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-[8vh]">
        <DialogPanel
          className={`w-full ${widths[size]} rounded-xl border border-slate-200 bg-white p-5 shadow-2xl sm:p-6 dark:border-slate-700 dark:bg-slate-900`}
        >
          <div className="mb-2 flex items-start justify-between gap-4">
            <DialogTitle className="font-semibold text-lg text-slate-900 dark:text-slate-50">
              {title}
            </DialogTitle>
            <button type="button" className={iconButton} aria-label={LL.form.cancel()} onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
          {intro ? <p className="mb-4 text-slate-500 text-sm dark:text-slate-400">{intro}</p> : null}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
};
