import { describe, expect, it } from 'vitest';
import { columnText } from '@/components/resource/columnText';
import { auditEntryResource, auditedEntities } from '@/domain/resources/auditEntry';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { wordOf } from '@/i18n/wordOf';

loadAllLocales();
const books = { en: i18nObject('en'), km: i18nObject('km') };

/** The screen's option words as the list page finds them (LL.options), the key when none. */
const optionLabelOf =
  (LL: (typeof books)['en']) =>
  (key: string, value: string): string =>
    wordOf(wordOf(LL.options, key), value)?.() || value;

const column = (key: string) => {
  const found = auditEntryResource.columns.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};
const cell = (LL: (typeof books)['en'], key: string, row: Record<string, unknown>) =>
  columnText(column(key), row, 'en', optionLabelOf(LL), (label) => label, LL);

describe('the audit screen in words (issue 22)', () => {
  it('names every action it can filter by, in both languages, never by its code', () => {
    const filter = auditEntryResource.filters.find((candidate) => candidate.key === 'action');
    expect(filter?.options).toEqual(
      expect.arrayContaining(['create', 'confirm-test', 'MATCHED', 'confirm-service']),
    );
    for (const [locale, LL] of Object.entries(books)) {
      const label = (value: string) => filter?.optionText?.(LL, value) || optionLabelOf(LL)('action', value);
      const raw = (filter?.options ?? []).filter((value) => label(value) === value);
      expect(raw, locale).toEqual([]);
    }
  });

  it("names an entry's action as its record's workflow does, and every record type", () => {
    expect(cell(books.en, 'action', { entity: 'adoptive_matchings', action: 'confirm-test' })).toBe(
      'Confirm trial',
    );
    expect(cell(books.en, 'action', { entity: 'parent_infos', action: 'MATCHED' })).toBe(
      'Matched with a child',
    );
    expect(cell(books.en, 'action', { entity: 'child_infos', action: 'MATCHED' })).toBe(
      'Matched with a family',
    );
    expect(cell(books.km, 'action', { entity: 'adoptive_matchings', action: 'confirm-test' })).toBe(
      books.km.areas.matching.workflow.actions.confirmTest(),
    );
    expect(auditedEntities).toContain('post_adoption_services');
    for (const [locale, LL] of Object.entries(books))
      for (const entity of auditedEntities)
        expect(cell(LL, 'entity', { entity, action: 'create' }), `${locale} ${entity}`).not.toBe(entity);
  });

  it('tells what a step changed and what a settings change changed', () => {
    const step = cell(books.en, 'details', {
      entity: 'parent_infos',
      action: 'reject-adoption',
      details: { from: 'pending', to: 'rejected', payload: { date: '2026-03-02', reason: 'No home visit.' } },
    });
    expect(step).toBe('Pending → Rejected · dated 02-03-2026 · reason: No home visit.');
    const setting = cell(books.km, 'details', {
      entity: 'system_settings',
      action: 'update',
      details: { values: { fourEyes: [true, false] } },
    });
    expect(cell(books.km, 'changes', { entity: 'system_settings', changes: 'fourEyes' })).toBe(
      books.km.generalInformation.fourEyes(),
    );
    expect(cell(books.en, 'changes', { entity: 'parent_infos', changes: 'ownChildren' })).toBe(
      books.en.fields.ownChildren(),
    );
    expect(setting).toBe(
      books.km.audit.settingChange({
        name: books.km.generalInformation.fourEyes(),
        from: books.km.generalInformation.fourEyesOn(),
        to: books.km.generalInformation.fourEyesOff(),
      }),
    );
  });
});
