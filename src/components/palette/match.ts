/**
 * How the palette matches typed text, the same way in Khmer and in English: case does not matter,
 * neither do spaces (Khmer is written without spaces between words, and people type it with or
 * without them), zero-width spaces or punctuation ('ខេត្ត/រាជធានី', 'light/dark'); every typed
 * word must be found, in any order ('user new' finds 'New user').
 */

/** Zero-width characters Khmer text carries between words; invisible, so never typed on purpose. */
const invisible = /[\u200b-\u200d\u2060\ufeff]/g;
/** Spaces and punctuation (Latin and Khmer: '។', '៕', '·') separate words. */
const separators = /[\s\p{P}\p{S}]+/gu;

/** Lower case words separated by single spaces. */
export const normalizeText = (text: string): string =>
  text.normalize('NFC').replace(invisible, '').toLocaleLowerCase().replace(separators, ' ').trim();

const compact = (normalized: string): string => normalized.replaceAll(' ', '');

const startsWord = (normalized: string, word: string): boolean =>
  normalized.startsWith(word) || normalized.includes(` ${word}`);

/**
 * How well `title` (in the interface language) or one of `others` (keywords, the other language)
 * matches `query`: 0 the title starts with it, 1 another text starts with it, 2 a word starts with
 * the first typed word, 3 found elsewhere; null when a typed word is missing. An empty query
 * matches everything at 0.
 */
export const matchRank = (title: string, others: readonly string[], query: string): number | null => {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return 0;
  const texts = [title, ...others].map(normalizeText).filter(Boolean);
  const compacts = texts.map(compact);
  if (!words.every((word) => compacts.some((text) => text.includes(word)))) return null;
  const whole = words.join('');
  if (compact(normalizeText(title)).startsWith(whole)) return 0;
  if (compacts.some((text) => text.startsWith(whole))) return 1;
  if (texts.some((text) => startsWord(text, words[0]))) return 2;
  return 3;
};

/** Sorts by rank, keeping the given order among equals (registration order, server order). */
export const byRank = <T extends { rank: number }>(items: T[]): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.rank - b.item.rank || a.index - b.index)
    .map(({ item }) => item);
