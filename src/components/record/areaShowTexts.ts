import type { TAreaDefinition } from '@/domain/areas/area';
import { areaWords } from '@/domain/areas/areaWords';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TShowTexts } from './showLayout';

/** The words of an area's record pages, from its dictionary words (`areas.<name>.show`). */
export const areaShowTexts =
  (area: TAreaDefinition) =>
  (LL: TranslationFunctions): TShowTexts => {
    const words = areaWords(LL, area).show;
    return {
      loading: () => words.loading(),
      editRecord: () => words.editRecord(),
      printRecord: () => words.printRecord(),
      toolbar: () => words.recordActions(),
      keyboardHint: () => words.keyboardHint(),
      printHint: () => words.printHint(),
      paperTitle: () => words.paperTitle(),
      printedOn: (date) => words.printedOn({ date }),
    };
  };
