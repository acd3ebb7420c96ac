import { describe, expect, it } from 'vitest';
import { parentResource } from '@/domain/resources/parent';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { wordOf } from '@/i18n/wordOf';
import { type TTimelineEntry, timelineFieldLabel, timelineSentence, timelineValue } from './TimelineCard';

loadAllLocales();
const books = { en: i18nObject('en'), km: i18nObject('km') };
const entry = (over: Partial<TTimelineEntry>): TTimelineEntry => ({
  id: 'audit-1',
  at: '2026-11-24T06:00:00.000Z',
  user: { id: 1, name: 'Sok Dara' },
  kind: 'audit',
  entity: 'child_infos',
  action: 'update',
  changes: [],
  subject: null,
  payload: null,
  about: null,
  ...over,
});
const label = (action: string) => `<${action}>`;

describe('timeline words', () => {
  it('tell who did what, in each language', () => {
    const en = books.en;
    expect(timelineSentence(entry({ action: 'create' }), 'child_infos', en, label)).toBe(
      'Sok Dara registered the record.',
    );
    expect(timelineSentence(entry({ action: 'unconfirmed-adoption' }), 'child_infos', en, label)).toBe(
      'Sok Dara: <unconfirmed-adoption>.',
    );
    expect(
      timelineSentence(
        entry({ action: 'confirm-adoption', payload: { date: '2026-01-15' } }),
        'child_infos',
        en,
        label,
      ),
    ).toBe('Sok Dara: <confirm-adoption>, dated 15-01-2026.');
    expect(
      timelineSentence(
        entry({
          entity: 'child_documents',
          action: 'create',
          subject: { originalName: 'birth.pdf' },
          about: 'document',
        }),
        'child_infos',
        en,
        label,
      ),
    ).toBe('Sok Dara added the document birth.pdf.');
    // Marked as an origin document, or no longer (issue 27), without its file replaced.
    const marked = entry({
      entity: 'child_documents',
      action: 'mark-origin',
      subject: { originalName: 'birth.pdf', title: 'Birth certificate', origin: true },
      about: 'document',
    });
    expect(timelineSentence(marked, 'child_infos', en, label)).toBe(
      'Sok Dara marked the document Birth certificate as an origin document.',
    );
    expect(timelineSentence({ ...marked, action: 'unmark-origin' }, 'child_infos', books.km, label)).toBe(
      'Sok Dara៖ ឯកសារ Birth certificate លែងជាឯកសារប្រភពដើមទៀតហើយ។',
    );
    expect(timelineSentence(entry({ kind: 'access', user: null }), 'child_infos', en, label)).toBe(
      'A deleted user opened the record.',
    );
    expect(timelineSentence(entry({ action: 'create' }), 'child_infos', books.km, label)).toBe(
      'Sok Dara បានចុះបញ្ជីកំណត់ត្រា។',
    );
  });

  it('give values in words: days, names in the reader’s language, options, yes and no, nothing', () => {
    const option = (key: string, value: string) => (key === 'sex' && value === 'female' ? 'Female' : value);
    const en = books.en;
    expect(timelineValue('2026-03-01', 'dateOfBirth', 'en', en, option)).toBe('01-03-2026');
    expect(
      timelineValue({ id: 3, name: { kh: 'ភ្នំពេញ', en: 'Phnom Penh' } }, 'headOffice', 'kh', en, option),
    ).toBe('ភ្នំពេញ');
    expect(timelineValue('female', 'sex', 'en', en, option)).toBe('Female');
    expect(timelineValue(true, 'dateOfBirthEstimated', 'en', en, option)).toBe('Yes');
    expect(timelineValue(null, 'notes', 'en', en, option)).toBe('(empty)');
  });

  it('name a change by its field’s label, with its section when two fields share that label', () => {
    const en = books.en;
    const labelOf = (key: string) => wordOf(en.fields, key)?.() || key;
    const sectionOf = (key: string) => wordOf(en.formSections, key)?.() ?? key;
    expect(timelineFieldLabel('applicant2Phone', parentResource.fields, labelOf, sectionOf)).toBe(
      'Second applicant (for a couple): Phone',
    );
    expect(timelineFieldLabel('ownChildren', parentResource.fields, labelOf, sectionOf)).toBe('Own children');
    expect(timelineFieldLabel('notInTheDescription', parentResource.fields, labelOf, sectionOf)).toBe(
      'notInTheDescription',
    );
  });
});
