import type { TCompatibilityCheck } from '@/domain/compatibility';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf, wordText } from '@/i18n/wordOf';

/** A criterion's name ('Sex', 'Age gap'). */
export const criterionText = (LL: TranslationFunctions, criterion: string): string =>
  wordOf(LL.areas.matching.compatibilityChecks.criteria, criterion)?.() ?? criterion;

/**
 * A compatibility check's reason in words, in the language of `LL`: its values as recorded, a sex
 * worded by the dictionary's options ('a female child').
 */
export const compatibilityReasonText = (LL: TranslationFunctions, check: TCompatibilityCheck): string => {
  const sexWord = (value: unknown) =>
    value === 'male' || value === 'female' ? LL.options.sex[value]().toLowerCase() : String(value ?? '');
  const values: Record<string, string | number> = { ...check.values };
  for (const key of ['sex', 'childSex']) if (key in values) values[key] = sexWord(values[key]);
  return wordText(LL.areas.matching.compatibilityChecks.reasons, check.reason, values) ?? check.reason;
};
