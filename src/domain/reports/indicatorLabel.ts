import type { TranslationFunctions } from '../../i18n/i18n-types';
import { wordText } from '../../i18n/wordOf';

/** `children.adoptable` → the family (`children`) and the status or stage (`adoptable`), and a measure (`median`). */
const partsOf = (key: string) => {
  const [family = key, name, measure] = key.split('.');
  return { family, name, measure };
};

/** A status's or a stage's name; the key itself when the dictionaries have none. */
const optionWord = (book: object, name: string) => (name in book ? (wordText(book, name) ?? name) : name);

/**
 * An indicator's short name in the reader's language, as the report screens and the workbooks
 * (issue 35: the same words, never the internal key) name it.
 */
export const indicatorLabel = (LL: TranslationFunctions, key: string): string => {
  const { family, name, measure } = partsOf(key);
  const words = LL.reports.indicators;
  if (name === undefined) return key in words ? (wordText(words, key) ?? key) : key;
  if (family === 'children' || family === 'applications') return optionWord(LL.options.status, name);
  const stage = optionWord(LL.options.stage, name);
  if (family === 'matchings') return words.matchingsByStage({ stage });
  if (family === 'matchingsOverdue') return words.matchingsOverdue({ stage });
  if (family === 'rejections') return words.rejections({ stage });
  if (family === 'daysInStage')
    return measure === 'p90' ? words.daysInStageP90({ stage }) : words.daysInStageMedian({ stage });
  return key;
};

/**
 * Whether a figure counts over nothing (issue 35): a share or an average whose denominator is 0
 * (no child adopted in the period, no stage left) is shown as '—' with 'nothing to count', not 0%.
 */
export const countsNothing = (indicator: { denominator?: number }): boolean => indicator.denominator === 0;

/** The words a report's definitions take: the period's days and the day the figures were counted, as shown. */
export type TDefinitionDays = { from: string; to: string; today: string };
