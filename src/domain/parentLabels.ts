import type { TranslationFunctions } from '../i18n/i18n-types';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { parentArea } from './areas/parent.area';

/**
 * The names of an application's statuses and actions, for screens and server texts: the generic area
 * words' (src/domain/areas/areaWords.ts); these names stay for the server's bindings.
 */
export const parentStatusText = (t: TranslationFunctions, status: string): string =>
  areaStatusText(t, parentArea, status);

export const parentActionText = (t: TranslationFunctions, action: string): string =>
  areaActionText(t, parentArea, action);
