import type { TShowTexts } from '@/components/record/showLayout';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** The words of a matching's pages (the working page and the printable summary). */
export const matchingShowTexts = (LL: TranslationFunctions): TShowTexts => ({
  loading: LL.matching.loading,
  editRecord: LL.matching.editRecord,
  printRecord: LL.matching.printRecord,
  toolbar: LL.matching.recordActions,
  edit: LL.matching.edit,
  print: LL.matching.print,
  keyboardHint: LL.matching.keyboardHint,
  printHint: LL.matching.printHint,
  paperTitle: LL.matching.paperTitle,
  printedOn: (date) => LL.matching.printedOn({ date }),
});
