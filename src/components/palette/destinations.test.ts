import { describe, expect, it } from 'vitest';
import { districtResource } from '@/domain/resources/district';
import { userResource } from '@/domain/resources/user';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import {
  createKeywords,
  listDestination,
  pageDestination,
  recordDestination,
  recordTitle,
} from './destinations';

loadAllLocales();
const books = { kh: i18nObject('km'), en: i18nObject('en') };

describe('destinations', () => {
  it("names a user's edit page by the user's name, then 'User · username' in both languages", () => {
    expect(recordDestination(userResource, { id: 7, name: 'Sok Dara', username: 'dara' })).toEqual({
      path: '/security/user/edit/7',
      title: 'Sok Dara',
      kind: 'record',
      subtitle: {
        kh: `${books.kh.resources.user.one()} · dara`,
        en: `${books.en.resources.user.one()} · dara`,
      },
    });
  });

  it('keeps a translatable title in both languages, from the object or its JSON', () => {
    const name = { kh: 'ស្រុកមួយ', en: 'One district' };
    const destination = recordDestination(districtResource, { id: 3, name });
    expect(destination.title).toEqual(name);
    expect(destination.subtitle).toEqual({
      kh: books.kh.resources.district.one(),
      en: books.en.resources.district.one(),
    });
    expect(recordTitle(JSON.stringify(name))).toEqual(name);
    expect(recordTitle('{not json')).toBe('{not json');
    expect(recordTitle(null)).toBe('');
  });

  it('names a list and a page of its own from the dictionaries, in both languages', () => {
    expect(listDestination(districtResource)).toEqual({
      path: '/configuration/district',
      title: { kh: books.kh.resources.district.many(), en: books.en.resources.district.many() },
      kind: 'page',
    });
    expect(pageDestination('/', (LL) => LL.palette.home())).toEqual({
      path: '/',
      title: { kh: books.kh.palette.home(), en: books.en.palette.home() },
      kind: 'page',
    });
  });

  it("words 'New user' in both languages whatever the interface language", () => {
    expect(createKeywords('user')).toEqual([
      books.kh.list.createThing({ thing: books.kh.resources.user.one() }),
      books.en.list.createThing({ thing: books.en.resources.user.one() }),
    ]);
    expect(createKeywords('user')[1]).toBe('New User');
  });
});
