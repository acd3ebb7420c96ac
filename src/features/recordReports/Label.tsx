import { BilingualLabel } from '@/components/record/BilingualLabel';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** A label of the report in the screen's language, in both on paper (Khmer first). */
export const Label = ({ pick }: { pick: (LL: TranslationFunctions) => string }) => {
  const { LL } = useI18nContext();
  return <BilingualLabel text={pick(LL)} both={bothLanguages(pick)} />;
};
