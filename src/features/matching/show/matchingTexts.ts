import type { TShowTexts } from '@/components/record/showLayout';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** The words of a matching's pages (the working page and the printable summary). */
export const matchingShowTexts = (LL: TranslationFunctions): TShowTexts => ({
  loading: LL.areas.matching.show.loading,
  editRecord: LL.areas.matching.show.editRecord,
  printRecord: LL.areas.matching.show.printRecord,
  toolbar: LL.areas.matching.show.recordActions,
  edit: LL.areas.matching.show.edit,
  print: LL.areas.matching.show.print,
  keyboardHint: LL.areas.matching.show.keyboardHint,
  printHint: LL.areas.matching.show.printHint,
  paperTitle: LL.areas.matching.show.paperTitle,
  printedOn: (date) => LL.areas.matching.show.printedOn({ date }),
});
