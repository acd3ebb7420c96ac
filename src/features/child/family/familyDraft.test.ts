import { describe, expect, it } from 'vitest';
import { ZChildFamilyInput, ZChildFamilyUpdate } from '@/domain/childFamily';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import {
  emptyFamilyDraft,
  emptyParentDraft,
  emptySiblingDraft,
  familyBody,
  familyChanged,
  familyDraftOf,
  familyErrors,
  familyWrite,
  type TChildFamily,
  type TFamilyDraft,
} from './familyDraft';
import { familyFieldId, familyLabelOf } from './familyLabels';

loadAllLocales();
const en = i18nObject('en');
const km = i18nObject('km');
const messagesOf = (LL: typeof en) => ({ ...LL.validation, dateFuture: LL.areas.child.family.dateFuture });
const today = '2026-03-10';

const stored: TChildFamily = {
  id: 4,
  childId: 9,
  father: {
    familyName: 'សុខ',
    givenName: 'វណ្ណា',
    nameScript: 'khmer',
    vitalStatus: 'deceased',
    dateOfBirth: '1985-04-12',
    occupation: 'Farmer',
  },
  mother: null,
  siblings: [{ name: 'Sok Dara', sex: 'male', dateOfBirth: '2012-01-30', livingWith: 'Grandmother' }],
  contactNotes: 'The grandmother visits once a month.',
  version: 3,
  updatedAt: '2026-02-01T08:00:00.000Z',
};

const filled = (): TFamilyDraft => ({
  father: {
    ...emptyParentDraft(),
    familyName: '  Chan ',
    givenName: 'Sophea',
    vitalStatus: 'alive',
    phone: ' +855 12 345 678 ',
    address: '   ',
  },
  mother: null,
  siblings: [{ ...emptySiblingDraft(), name: 'Dara', sex: 'female', notes: '' }],
  contactNotes: '',
});

describe('familyBody', () => {
  it('trims texts, sends empty optional parts as null and every part of the family', () => {
    const body = familyBody(filled());
    expect(body).toEqual({
      father: {
        familyName: 'Chan',
        givenName: 'Sophea',
        nameScript: null,
        vitalStatus: 'alive',
        dateOfBirth: null,
        occupation: null,
        address: null,
        phone: '+855 12 345 678',
      },
      mother: null,
      siblings: [{ name: 'Dara', sex: 'female', dateOfBirth: null, livingWith: null, notes: null }],
      contactNotes: null,
    });
    // What the server's schemas accept, as POST and as PATCH.
    expect(ZChildFamilyInput.safeParse(body).success).toBe(true);
    expect(ZChildFamilyUpdate.safeParse({ ...body, version: 3 }).success).toBe(true);
  });

  it('gives back a stored family unchanged (editor state and body round-trip)', () => {
    const body = familyBody(familyDraftOf(stored));
    expect(body.father).toEqual({ ...stored.father, address: null, phone: null });
    expect(body.mother).toBeNull();
    expect(body.siblings).toEqual([{ ...stored.siblings[0], notes: null }]);
    expect(body.contactNotes).toBe(stored.contactNotes);
  });

  it('leaves an unchosen status or sex out, so the check says it is required', () => {
    const draft = emptyFamilyDraft();
    draft.mother = { ...emptyParentDraft(), familyName: 'Chan', givenName: 'Sophea' };
    draft.siblings = [{ ...emptySiblingDraft(), name: 'Dara' }];
    const body = familyBody(draft);
    expect(body.mother).not.toHaveProperty('vitalStatus');
    expect(body.siblings[0]).not.toHaveProperty('sex');
  });
});

describe('familyChanged', () => {
  it('ignores the siblings’ keys and whitespace the body trims away', () => {
    const initial = familyDraftOf(stored);
    const again = familyDraftOf(stored);
    expect(familyChanged(again, initial)).toBe(false);
    again.contactNotes = `${again.contactNotes}  `;
    expect(familyChanged(again, initial)).toBe(false);
    again.contactNotes = 'Changed';
    expect(familyChanged(again, initial)).toBe(true);
  });
});

describe('familyWrite', () => {
  it('posts a new family only when something was entered', () => {
    expect(familyWrite(null, emptyFamilyDraft(), false)).toEqual({ kind: 'none' });
    const write = familyWrite(null, filled(), true);
    expect(write.kind).toBe('create');
    expect(write.kind === 'create' && write.body).toEqual(familyBody(filled()));
  });

  it('patches a stored family with its version, and only when changed', () => {
    const draft = familyDraftOf(stored);
    expect(familyWrite(stored, draft, false)).toEqual({ kind: 'none' });
    draft.mother = { ...emptyParentDraft(), familyName: 'Chan', givenName: 'Sophea', vitalStatus: 'unknown' };
    const write = familyWrite(stored, draft, true);
    expect(write).toEqual({ kind: 'update', body: { ...familyBody(draft), version: 3 } });
  });

  it('removes a stored family once everything is cleared', () => {
    expect(familyWrite(stored, emptyFamilyDraft(), true)).toEqual({ kind: 'remove', version: 3 });
  });
});

describe('familyErrors', () => {
  it('accepts a complete family', () => {
    expect(familyErrors(filled(), familyLabelOf(en), messagesOf(en), today)).toEqual({});
    expect(familyErrors(emptyFamilyDraft(), familyLabelOf(en), messagesOf(en), today)).toEqual({});
  });

  it("words each failed field with its label, by the field's path", () => {
    const draft = emptyFamilyDraft();
    draft.father = { ...emptyParentDraft(), familyName: 'Chan', phone: 'call me' };
    draft.siblings = [emptySiblingDraft(), { ...emptySiblingDraft(), name: 'Dara', sex: 'male' }];
    expect(familyErrors(draft, familyLabelOf(en), messagesOf(en), today)).toEqual({
      'father.givenName': 'Given name is required.',
      'father.vitalStatus': 'Status is required.',
      'father.phone': 'Phone is not valid.',
      'siblings.0.name': 'Name is required.',
      'siblings.0.sex': 'Sex is required.',
    });
    expect(familyErrors(draft, familyLabelOf(km), messagesOf(km), today)['father.givenName']).toBe(
      'នាមខ្លួន ត្រូវតែបំពេញ។',
    );
  });

  it('refuses a date of birth after today, like the server', () => {
    const draft = filled();
    if (draft.father) draft.father.dateOfBirth = '2026-03-11';
    draft.siblings[0].dateOfBirth = '2026-03-10';
    expect(familyErrors(draft, familyLabelOf(en), messagesOf(en), today)).toEqual({
      'father.dateOfBirth': 'Date of birth cannot be in the future.',
    });
  });

  it('says too long with the limit', () => {
    const draft = filled();
    draft.contactNotes = 'x'.repeat(2001);
    expect(familyErrors(draft, familyLabelOf(en), messagesOf(en), today)).toEqual({
      contactNotes: 'Contact notes must be at most 2000 characters long.',
    });
  });
});

describe('familyFieldId', () => {
  it('makes an element id of a path', () => {
    expect(familyFieldId('father.givenName')).toBe('family-father-givenName');
    expect(familyFieldId('siblings.2.name')).toBe('family-siblings-2-name');
  });
});
