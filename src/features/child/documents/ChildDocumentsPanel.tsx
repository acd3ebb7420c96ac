import { useId } from 'react';
import { useI18nContext } from '@/i18n/i18n-react';
import { ChildDocumentsList } from './ChildDocumentsList';

/**
 * The child page's documents: the same live list as the edit form (download for every reader;
 * add, replace and remove when `editable`).
 */
export const ChildDocumentsPanel = ({
  childId,
  editable,
}: {
  childId: number | string;
  editable: boolean;
}) => {
  const { LL } = useI18nContext();
  const headingId = useId();
  // The same card as the page's other sections (`record-section` is how they print).
  return (
    <section
      aria-labelledby={headingId}
      className="record-section rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={headingId}
        className="mb-3 border-slate-200 border-b pb-1 font-semibold text-lg text-slate-800 dark:border-slate-700 dark:text-slate-100"
      >
        {LL.areas.child.documents.title()}
      </h2>
      <ChildDocumentsList childId={childId} editable={editable} />
    </section>
  );
};
