import { areaByName } from '@/domain/areas';
import { areaWords } from '@/domain/areas/areaWords';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** The palette's search words: narrowed to an area, the area's 'Find … by name or code'; else the general hint. */
export const palettePlaceholder = (LL: TranslationFunctions, scope: string | null): string => {
  const area = scope ? areaByName(scope) : undefined;
  return (area && areaWords(LL, area)?.commands.find()) || LL.palette.placeholder();
};
