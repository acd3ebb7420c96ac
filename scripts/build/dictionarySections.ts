import { readFileSync } from 'node:fs';

/**
 * A dictionary's top-level sections, as written in its source (`\n  name: {\n` to `\n  },\n`): the
 * client build leaves some out of the first download (src/i18n/signedInSections.ts) and ships them
 * in their own module.
 */
const sectionRange = (source: string, name: string): [number, number] | null => {
  const start = source.indexOf(`\n  ${name}: {\n`);
  if (start === -1) return null;
  const end = source.indexOf('\n  },\n', start);
  return end === -1 ? null : [start, end + '\n  },'.length];
};

/** The source with each named section emptied (`name: {},`), so the dictionary keeps its shape. */
export const withoutSections = (source: string, names: readonly string[]): string =>
  names.reduce((text, name) => {
    const range = sectionRange(text, name);
    return range ? `${text.slice(0, range[0])}\n  ${name}: {},${text.slice(range[1])}` : text;
  }, source);

/** The named sections as an object literal's body (`name: {...},` each), to be bundled apart. */
export const sectionsOf = (source: string, names: readonly string[]): string =>
  names
    .map((name) => {
      const range = sectionRange(source, name);
      return range ? source.slice(range[0], range[1]) : `\n  ${name}: {},`;
    })
    .join('');

/**
 * The module that replaces src/i18n/signedInWords.ts (or src/i18n/screenWords.ts) in the client
 * build: both languages' named sections.
 */
export const signedInWordsModule = (
  names: readonly string[],
  read = (path: string) => readFileSync(path, 'utf8'),
) =>
  `export default {\n km: {${sectionsOf(read('src/i18n/km/index.ts'), names)}\n },\n en: {${sectionsOf(
    read('src/i18n/en/index.ts'),
    names,
  )}\n },\n};\n`;

export const isSignedInWordsSource = (id: string): boolean =>
  /[\\/]src[\\/]i18n[\\/]signedInWords\.ts$/.test(id);

export const isScreenWordsSource = (id: string): boolean => /[\\/]src[\\/]i18n[\\/]screenWords\.ts$/.test(id);
