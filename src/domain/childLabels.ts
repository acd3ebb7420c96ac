import type { TranslationFunctions } from '../i18n/i18n-types';
import { areaActionText, areaStatusText } from './areas/areaWords';
import { childArea } from './areas/child.area';

/**
 * A child's statuses, sexes and actions in words, for the screens and for the server's own texts
 * (the export, the 409 message): the same words everywhere. Statuses and actions are the generic
 * area words' (src/domain/areas/areaWords.ts); these names stay for the server's bindings.
 */
export const childStatusText = (t: TranslationFunctions, status: string): string =>
  areaStatusText(t, childArea, status);

export const childSexText = (t: TranslationFunctions, sex: string): string =>
  sex === 'male' || sex === 'female' ? t.options.sex[sex]() : sex;

export const childActionText = (t: TranslationFunctions, action: string): string =>
  areaActionText(t, childArea, action);
