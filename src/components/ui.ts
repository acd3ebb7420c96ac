/** Shared class lists, so buttons and fields look and focus the same everywhere. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:focus-visible:outline-primary-300';

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-primary-500 dark:hover:bg-primary-600 dark:text-white ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

export const iconButton = `inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`;

export const kbd =
  'inline-flex min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-sans text-[11px] font-medium text-slate-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300';

/** A secondary button for a destructive action (Delete, Remove): outlined, red in both themes. */
export const dangerOutlineButton = `inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-error hover:bg-error-light dark:border-slate-600 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-slate-700 ${focusRing}`;

/** Added to a button class for the small buttons of a table row or a repeated block. */
export const smallButton = 'px-2.5 py-1.5 text-xs';
