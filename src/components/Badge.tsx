import type { ReactNode } from 'react';
import type { TBadgeTone } from '@/domain/resource';

/** Light and dark classes of each tone; text stays readable in both themes and in print. */
const toneClasses: Record<TBadgeTone, string> = {
  slate:
    'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  blue: 'bg-blue-50 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-700',
  green:
    'bg-green-50 text-green-800 ring-green-300 dark:bg-green-950 dark:text-green-200 dark:ring-green-700',
  amber:
    'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700',
  violet:
    'bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700',
  rose: 'bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-700',
  teal: 'bg-teal-50 text-teal-800 ring-teal-300 dark:bg-teal-950 dark:text-teal-200 dark:ring-teal-700',
};

/** A small coloured label (a record's status). */
export const Badge = ({ tone, children }: { tone: TBadgeTone; children: ReactNode }) => (
  <span
    className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset ${toneClasses[tone]}`}
  >
    {children}
  </span>
);
