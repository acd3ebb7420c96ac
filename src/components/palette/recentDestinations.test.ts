import { describe, expect, it } from 'vitest';
import {
  destinationPath,
  readRecent,
  recentLimit,
  recentStorageKey,
  rememberDestination,
  type TRecentDestination,
  type TRecentStorage,
  textOf,
} from './recentDestinations';

const memoryStorage = (): TRecentStorage & { data: Map<string, string>; writes: number } => {
  const data = new Map<string, string>();
  const storage = {
    data,
    writes: 0,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      storage.writes += 1;
      data.set(key, value);
    },
  };
  return storage;
};

const page = (path: string, en = path): TRecentDestination => ({
  path,
  title: { kh: `kh ${en}`, en },
  kind: 'page',
});

describe('destinationPath', () => {
  it('keeps the path only: no locale prefix, query, hash or trailing slash', () => {
    expect(destinationPath('/en/security/user?page=2&length=10')).toBe('/security/user');
    expect(destinationPath('/kh/security/user/')).toBe('/security/user');
    expect(destinationPath('/security/user/edit/3#top')).toBe('/security/user/edit/3');
    expect(destinationPath('/en')).toBe('/');
    expect(destinationPath('/')).toBe('/');
  });
});

describe('the recent destinations of a user', () => {
  it('puts the newest first and keeps eight', () => {
    const storage = memoryStorage();
    for (let index = 1; index <= 10; index += 1) rememberDestination(storage, 'admin', page(`/p${index}`));
    const recent = readRecent(storage, 'admin');
    expect(recent).toHaveLength(recentLimit);
    expect(recent.map((item) => item.path)).toEqual([
      '/p10',
      '/p9',
      '/p8',
      '/p7',
      '/p6',
      '/p5',
      '/p4',
      '/p3',
    ]);
  });

  it('moves a destination opened again to the top, once, with its newer title', () => {
    const storage = memoryStorage();
    rememberDestination(storage, 'admin', page('/security/user', 'Users'));
    rememberDestination(storage, 'admin', page('/security/role', 'Roles'));
    rememberDestination(storage, 'admin', {
      path: '/en/security/user?page=3',
      title: 'Users (renamed)',
      kind: 'page',
    });
    const recent = readRecent(storage, 'admin');
    expect(recent.map((item) => item.path)).toEqual(['/security/user', '/security/role']);
    expect(recent[0].title).toBe('Users (renamed)');
  });

  it('does not write again when the same destination shows again', () => {
    const storage = memoryStorage();
    rememberDestination(storage, 'admin', page('/security/user'));
    rememberDestination(storage, 'admin', page('/security/user'));
    expect(storage.writes).toBe(1);
  });

  it('keeps each user apart', () => {
    const storage = memoryStorage();
    rememberDestination(storage, 'admin', page('/security/user'));
    rememberDestination(storage, 'reader', page('/configuration/district'));
    expect(readRecent(storage, 'admin').map((item) => item.path)).toEqual(['/security/user']);
    expect(readRecent(storage, 'reader').map((item) => item.path)).toEqual(['/configuration/district']);
    expect([...storage.data.keys()].sort()).toEqual([recentStorageKey('admin'), recentStorageKey('reader')]);
  });

  it('reads unreadable storage as empty and starts again from it', () => {
    const storage = memoryStorage();
    storage.setItem(recentStorageKey('admin'), '{not json');
    expect(readRecent(storage, 'admin')).toEqual([]);
    storage.setItem(recentStorageKey('admin'), JSON.stringify([{ path: 'no-slash', title: 1, kind: 'x' }]));
    expect(readRecent(storage, 'admin')).toEqual([]);
    rememberDestination(storage, 'admin', page('/security/role'));
    expect(readRecent(storage, 'admin').map((item) => item.path)).toEqual(['/security/role']);
  });

  it('ignores a destination without a title', () => {
    const storage = memoryStorage();
    rememberDestination(storage, 'admin', { path: '/security/user/edit/1', title: '', kind: 'record' });
    expect(readRecent(storage, 'admin')).toEqual([]);
  });

  it('survives a storage that refuses writes', () => {
    const storage: TRecentStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberDestination(storage, 'admin', page('/security/user'))).not.toThrow();
  });
});

describe('textOf', () => {
  it('shows a stored title in the language of the day, the other one when it is missing', () => {
    expect(textOf({ kh: 'អ្នកប្រើប្រាស់', en: 'Users' }, 'kh')).toBe('អ្នកប្រើប្រាស់');
    expect(textOf({ kh: 'អ្នកប្រើប្រាស់', en: 'Users' }, 'en')).toBe('Users');
    expect(textOf({ kh: 'អ្នកប្រើប្រាស់', en: '' }, 'en')).toBe('អ្នកប្រើប្រាស់');
    expect(textOf('Sok Dara', 'en')).toBe('Sok Dara');
  });
});
