import { errorTextClass } from '@/components/form/fieldStyles';
import { useI18nContext } from '@/i18n/i18n-react';

/** The files a choice left out and why (checked here before any upload), under the Add button. */
export const DocumentRefusals = ({ id, refusals }: { id: string; refusals: readonly string[] }) => {
  const { LL } = useI18nContext();
  if (refusals.length === 0) return null;
  return (
    <div id={id} role="alert" className="mt-2">
      <p className={errorTextClass}>{LL.areas.child.documents.refusedTitle()}</p>
      <ul className="list-disc pl-5">
        {refusals.map((refusal) => (
          <li key={refusal} className={errorTextClass}>
            {refusal}
          </li>
        ))}
      </ul>
    </div>
  );
};
