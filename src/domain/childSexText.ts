import type { TranslationFunctions } from '../i18n/i18n-types';

/** A child's sex in words, for the screens and the export: the same words everywhere. */
export const childSexText = (t: TranslationFunctions, sex: string): string =>
  sex === 'male' || sex === 'female' ? t.options.sex[sex]() : sex;
