import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedInSections } from '../../src/i18n/signedInSections';
import signedInWords from '../../src/i18n/signedInWords';
import { sectionsOf, signedInWordsModule, withoutSections } from './dictionarySections';

describe('the signed-in sections of the dictionaries', () => {
  for (const locale of ['km', 'en'] as const) {
    it(`leave the first download of ${locale} and ship apart, whole`, async () => {
      const source = readFileSync(`src/i18n/${locale}/index.ts`, 'utf8');
      const stripped = withoutSections(source, signedInSections);
      for (const name of signedInSections) expect(stripped).toContain(`\n  ${name}: {},`);
      // Every other section is still there.
      for (const section of ['login: {', 'validation: {', 'palette: {', 'workflowNeeds: {'])
        expect(stripped).toContain(section);
      // What ships apart is the very sections the dictionary has: evaluate the built module.
      const built = signedInWordsModule(signedInSections);
      const module = await import(`data:text/javascript,${encodeURIComponent(built)}`);
      expect(module.default[locale]).toEqual(signedInWords[locale]);
      expect(sectionsOf(source, signedInSections).length).toBeGreaterThan(2000);
    });
  }
});
