import { useAtomValue } from 'jotai';
import { Icon } from '@/components/Icon';
import { toastsAtom } from './toasts';

/** The toasts, top right (spec section 8); announced politely to screen readers. */
export const Toaster = () => {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-16 right-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`pointer-events-auto flex items-start gap-2 rounded-lg px-4 py-3 text-sm shadow-lg ring-1 ${
            toast.tone === 'success'
              ? 'bg-white text-slate-900 ring-emerald-200 dark:bg-slate-800 dark:text-slate-50 dark:ring-emerald-800'
              : 'bg-white text-slate-900 ring-error/30 dark:bg-slate-800 dark:text-slate-50 dark:ring-error/50'
          }`}
        >
          <Icon
            name={toast.tone === 'success' ? 'check' : 'alert'}
            className={`mt-0.5 size-4 shrink-0 ${toast.tone === 'success' ? 'text-emerald-600' : 'text-error'}`}
          />
          <span>{toast.text}</span>
        </div>
      ))}
    </div>
  );
};
