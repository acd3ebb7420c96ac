import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDictionarySource, withoutServerMessages } from './serverMessages';

describe('the client dictionaries', () => {
  for (const locale of ['km', 'en']) {
    it(`leave out the server's messages of ${locale}, and nothing else`, () => {
      const source = readFileSync(`src/i18n/${locale}/index.ts`, 'utf8');
      const stripped = withoutServerMessages(source);
      expect(stripped).toContain('  server: {},');
      expect(stripped).not.toContain('childDeleteInWorkflow');
      // Every other section is still there, whole.
      for (const section of ['login: {', 'validation: {', 'areas: {', 'timeline: {'])
        expect(stripped).toContain(section);
      expect(source.length - stripped.length).toBeGreaterThan(3000);
      expect(isDictionarySource(`/work/src/i18n/${locale}/index.ts`)).toBe(true);
    });
  }
});
