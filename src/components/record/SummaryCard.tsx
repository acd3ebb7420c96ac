import type { ReactNode } from 'react';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import type { TTranslatable } from '@/domain/translatable';

/** A section of the case summary: a card with its heading; on paper it is kept on one page when it fits. */
export const SummaryCard = ({
  id,
  title,
  both,
  children,
}: {
  id: string;
  title: string;
  both: TTranslatable;
  children: ReactNode;
}) => (
  <section
    aria-labelledby={`${id}-title`}
    className="record-section rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
  >
    <h2
      id={`${id}-title`}
      className="mb-3 border-slate-200 border-b pb-1 font-semibold text-lg text-slate-800 dark:border-slate-700 dark:text-slate-100"
    >
      <BilingualLabel text={title} both={both} />
    </h2>
    {children}
  </section>
);
