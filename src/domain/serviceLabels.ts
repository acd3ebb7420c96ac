import type { TranslationFunctions } from '../i18n/i18n-types';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { serviceArea } from './areas/service.area';

/**
 * The names of a service's statuses and actions, for screens and server texts: the generic area
 * words' (src/domain/areas/areaWords.ts); these names stay for the server's bindings.
 */
export const serviceStatusText = (t: TranslationFunctions, status: string): string =>
  areaStatusText(t, serviceArea, status);

export const serviceActionText = (t: TranslationFunctions, action: string): string =>
  areaActionText(t, serviceArea, action);
