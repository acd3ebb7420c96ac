import type { TCompatibilityCheck } from '@/domain/compatibility';
import type { TranslationFunctions } from '@/i18n/i18n-types';

type TReasonBook = Record<string, ((values: Record<string, string | number>) => string) | undefined>;
type TCriterionBook = Record<string, (() => string) | undefined>;

/** A criterion's name ('Sex', 'Age gap'). */
export const criterionText = (LL: TranslationFunctions, criterion: string): string =>
  (LL.areas.matching.compatibilityChecks.criteria as unknown as TCriterionBook)[criterion]?.() ?? criterion;

/**
 * A compatibility check's reason in words, in the language of `LL`: its values as recorded, a sex
 * worded by the dictionary's options ('a female child').
 */
export const compatibilityReasonText = (LL: TranslationFunctions, check: TCompatibilityCheck): string => {
  const sexWord = (value: unknown) =>
    value === 'male' || value === 'female' ? LL.options.sex[value]().toLowerCase() : String(value ?? '');
  const values: Record<string, string | number> = { ...check.values };
  for (const key of ['sex', 'childSex']) if (key in values) values[key] = sexWord(values[key]);
  return (
    (LL.areas.matching.compatibilityChecks.reasons as unknown as TReasonBook)[check.reason]?.(values) ??
    check.reason
  );
};
