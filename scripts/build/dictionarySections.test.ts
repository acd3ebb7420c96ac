import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import screenWords from '../../src/i18n/screenWords';
import { laterSections, screenSections, signedInSections } from '../../src/i18n/signedInSections';
import signedInWords from '../../src/i18n/signedInWords';
import { sectionsOf, signedInWordsModule, withoutSections } from './dictionarySections';

describe('the sections of the dictionaries shipped apart', () => {
  it('are each in one file only', () => {
    expect(new Set(laterSections).size).toBe(laterSections.length);
  });
  for (const locale of ['km', 'en'] as const) {
    it(`leave the first download of ${locale} and ship apart, whole`, async () => {
      const source = readFileSync(`src/i18n/${locale}/index.ts`, 'utf8');
      const stripped = withoutSections(source, laterSections);
      for (const name of laterSections) expect(stripped).toContain(`\n  ${name}: {},`);
      // Every other section is still there.
      for (const section of ['login: {', 'validation: {', 'workflowNeeds: {'])
        expect(stripped).toContain(section);
      // What ships apart is the very sections the dictionary has: evaluate the built modules.
      for (const [names, words] of [
        [signedInSections, signedInWords],
        [screenSections, screenWords],
      ] as const) {
        const built = signedInWordsModule(names);
        const module = await import(`data:text/javascript,${encodeURIComponent(built)}`);
        expect(module.default[locale]).toEqual(words[locale]);
        expect(sectionsOf(source, names).length).toBeGreaterThan(2000);
      }
    });
  }
});
