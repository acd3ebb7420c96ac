import type { TranslationFunctions } from '../i18n/i18n-types';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { matchingArea } from './areas/matching.area';

/**
 * The names of a matching's statuses and actions, for screens and server texts: the generic area
 * words' (src/domain/areas/areaWords.ts); these names stay for the server's bindings.
 */
export const matchingStatusText = (t: TranslationFunctions, status: string): string =>
  areaStatusText(t, matchingArea, status);

export const matchingActionText = (t: TranslationFunctions, action: string): string =>
  areaActionText(t, matchingArea, action);
