import { focusRing } from '@/components/ui';

/** One look for every input, select and textarea; `invalid` paints the error colour. */
export const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800 ${
    invalid ? 'border-error dark:border-error' : 'border-slate-300 dark:border-slate-600'
  } ${focusRing}`;

export const labelClass = 'mb-1 block font-medium text-slate-700 text-sm dark:text-slate-200';
export const errorTextClass = 'mt-1 text-error text-xs';

/**
 * What an input, select or textarea inside a `Field` carries: its id, the shared look, and its
 * state for screen readers (invalid, described by the message the `Field` shows under it).
 */
export const inputStateProps = (id: string, error: string | undefined) => ({
  id,
  className: inputClass(Boolean(error)),
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});
