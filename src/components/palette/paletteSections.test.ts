import { describe, expect, it } from 'vitest';
import type { TCommand } from './commandRegistry';
import { buildPaletteSections, iconForPath, type TPaletteInput } from './paletteSections';
import type { TRecentDestination } from './recentDestinations';

const noop = () => undefined;

const usersPage: TCommand = {
  id: 'open-user',
  kind: 'page',
  title: 'Users',
  titles: { kh: 'អ្នកប្រើប្រាស់', en: 'Users' },
  keywords: ['អ្នកប្រើប្រាស់', 'Users', 'User'],
  path: '/security/user',
  perform: noop,
};
const rolesPage: TCommand = {
  id: 'open-role',
  kind: 'page',
  title: 'Roles',
  titles: { kh: 'តួនាទី', en: 'Roles' },
  keywords: ['តួនាទី', 'Roles', 'Role'],
  path: '/security/role',
  perform: noop,
};
const newUser: TCommand = {
  id: 'create-user',
  kind: 'action',
  title: 'New user',
  keywords: ['បង្កើតអ្នកប្រើប្រាស់ថ្មី', 'New user'],
  shortcut: ['n'],
  perform: noop,
};
// Registered without a kind (a resource's own record actions): an action.
const deactivate: TCommand = { id: 'deactivate', title: 'Deactivate this user', perform: noop };
const toggleTheme: TCommand = { id: 'toggle-theme', kind: 'action', title: 'Toggle theme', perform: noop };

const recentUsers: TRecentDestination = {
  path: '/security/user',
  title: { kh: 'អ្នកប្រើប្រាស់', en: 'Users' },
  kind: 'page',
};
const recentDara: TRecentDestination = {
  path: '/security/user/edit/7',
  title: 'Sok Dara',
  kind: 'record',
  subtitle: { kh: 'អ្នកប្រើប្រាស់ · dara', en: 'User · dara' },
};

const input = (changes: Partial<TPaletteInput>): TPaletteInput => ({
  query: '',
  locale: 'en',
  recent: [],
  commands: [usersPage, rolesPage, newUser, deactivate, toggleTheme],
  menu: [],
  records: [],
  ...changes,
});

const shape = (sections: ReturnType<typeof buildPaletteSections>) =>
  sections.map((section) => [section.key, section.items.map((item) => item.title)]);

describe('buildPaletteSections', () => {
  it('lists Recent then Actions when nothing is typed, the recent titles in the language of the day', () => {
    const recent = [recentDara, recentUsers];
    expect(shape(buildPaletteSections(input({ recent })))).toEqual([
      ['recent', ['Sok Dara', 'Users']],
      ['actions', ['New user', 'Deactivate this user', 'Toggle theme']],
    ]);
    const khmer = buildPaletteSections(input({ recent, locale: 'kh' }));
    expect(khmer[0].items.map((item) => [item.title, item.secondary])).toEqual([
      ['Sok Dara', 'អ្នកប្រើប្រាស់ · dara'],
      ['អ្នកប្រើប្រាស់', 'Users'],
    ]);
  });

  it('leaves Recent out when there is none', () => {
    expect(shape(buildPaletteSections(input({})))).toEqual([
      ['actions', ['New user', 'Deactivate this user', 'Toggle theme']],
    ]);
  });

  it('groups a query into Pages, Actions, Records, in that order', () => {
    const sections = buildPaletteSections(
      input({
        query: 'user',
        records: [
          {
            current: true,
            destination: {
              path: '/security/user/edit/9',
              title: 'Chan Vuthy',
              kind: 'record',
              subtitle: { kh: 'អ្នកប្រើប្រាស់ · user9', en: 'User · user9' },
            },
          },
        ],
      }),
    );
    expect(shape(sections)).toEqual([
      ['pages', ['Users']],
      ['actions', ['New user', 'Deactivate this user']],
      ['records', ['Chan Vuthy']],
    ]);
    expect(sections[2].items[0]).toMatchObject({ path: '/security/user/edit/9', secondary: 'User · user9' });
  });

  it('shows a page found by the menu search, a page command and Recent once', () => {
    const sections = buildPaletteSections(
      input({
        query: 'user',
        recent: [recentUsers],
        menu: [
          { id: 1, to: '/security/user', title: { kh: 'អ្នកប្រើប្រាស់', en: 'User' }, current: true },
          {
            id: 2,
            to: '/security/assign-permission',
            title: '{"kh":"កំណត់សិទ្ធិ","en":"Assign permission"}',
            current: true,
          },
        ],
      }),
    );
    const pages = sections.find((section) => section.key === 'pages')?.items ?? [];
    expect(pages.map((item) => item.path)).toEqual(['/security/user', '/security/assign-permission']);
    // The server found the second for this text (wider matching than ours): it stays, last.
    expect(pages[1].title).toBe('Assign permission');
  });

  it('drops results of an older text that the new text no longer matches', () => {
    const menu = [
      { id: 3, to: '/configuration/district', title: { kh: 'ស្រុក/ខណ្ឌ', en: 'District' }, current: false },
    ];
    expect(buildPaletteSections(input({ query: 'role', menu })).map((section) => section.key)).toEqual([
      'pages',
    ]);
    expect(
      buildPaletteSections(input({ query: 'distr', menu, commands: [] }))[0].items.map((item) => item.title),
    ).toEqual(['District']);
  });

  it('finds pages and actions by Khmer words while the interface is English, and the other way round', () => {
    expect(shape(buildPaletteSections(input({ query: 'តួនាទី' })))).toEqual([['pages', ['Roles']]]);
    expect(shape(buildPaletteSections(input({ query: 'បង្កើត អ្នកប្រើប្រាស់' })))).toEqual([
      ['actions', ['New user']],
    ]);
    const khmerRoles = { ...rolesPage, title: 'តួនាទី' };
    expect(
      shape(buildPaletteSections(input({ query: 'roles', locale: 'kh', commands: [khmerRoles] }))),
    ).toEqual([['pages', ['តួនាទី']]]);
  });

  it('matches every typed word in any order, a title that starts with the text first', () => {
    expect(shape(buildPaletteSections(input({ query: 'user new' })))).toEqual([['actions', ['New user']]]);
    const goHome: TCommand = { id: 'go-home', kind: 'action', title: 'Go to the home page', perform: noop };
    const home: TCommand = { id: 'home', kind: 'action', title: 'Home screen', perform: noop };
    expect(shape(buildPaletteSections(input({ query: 'home', commands: [goHome, home] })))).toEqual([
      ['actions', ['Home screen', 'Go to the home page']],
    ]);
  });

  it('lists a record opened lately and found again once, and finds it by its subtitle', () => {
    const records = [
      { current: true, destination: { ...recentDara, title: 'Sok Dara' } },
      {
        current: true,
        destination: { path: '/security/user/edit/8', title: 'Sok Nary', kind: 'record' as const },
      },
    ];
    const sections = buildPaletteSections(
      input({ query: 'sok', recent: [recentDara], records, commands: [] }),
    );
    expect(shape(sections)).toEqual([['records', ['Sok Dara', 'Sok Nary']]]);
    expect(new Set(sections[0].items.map((item) => item.value)).size).toBe(2);
    expect(shape(buildPaletteSections(input({ query: 'dara', recent: [recentDara], commands: [] })))).toEqual(
      [['records', ['Sok Dara']]],
    );
  });

  it("lists the record on screen's own commands first whatever the other entries' rank, a locked one kept with its reason", () => {
    // The work queue names another matching by the same action; its title even starts with the code typed.
    const queued: TCommand = {
      id: 'work-queue-matching-9',
      kind: 'page',
      title: 'M-0009 · Sok Dara — Confirm adoption',
      keywords: ['Sok Dara', 'M-0009'],
      path: '/adoptive-matching/matching/9',
      perform: noop,
    };
    const confirm: TCommand = {
      id: 'matching-status-confirm',
      title: 'Confirm adoption',
      record: true,
      perform: noop,
    };
    const locked: TCommand = {
      id: 'matching-status-reject',
      title: 'Reject adoption',
      record: true,
      lockedReason: 'You asked for this decision: another supervisor takes it.',
      perform: noop,
    };
    const commands = [queued, locked, confirm, toggleTheme];
    expect(shape(buildPaletteSections(input({ query: 'confirm adoption', commands })))).toEqual([
      ['record', ['Confirm adoption']],
      ['pages', ['M-0009 · Sok Dara — Confirm adoption']],
    ]);
    // Found by a weaker match than the page's, still first; what can be run before what is locked.
    const sections = buildPaletteSections(input({ query: 'adoption', commands }));
    expect(shape(sections)).toEqual([
      ['record', ['Confirm adoption', 'Reject adoption']],
      ['pages', ['M-0009 · Sok Dara — Confirm adoption']],
    ]);
    expect(sections[0].items[1]).toMatchObject({
      lockedReason: 'You asked for this decision: another supervisor takes it.',
      icon: 'lock',
    });
    // The locked one alone: listed (Enter then runs nothing else first).
    expect(shape(buildPaletteSections(input({ query: 'reject', commands })))).toEqual([
      ['record', ['Reject adoption']],
    ]);
    // Nothing typed: after Recent, before the other actions.
    expect(shape(buildPaletteSections(input({ recent: [recentUsers], commands })))).toEqual([
      ['recent', ['Users']],
      ['record', ['Confirm adoption', 'Reject adoption']],
      ['actions', ['Toggle theme']],
    ]);
  });

  it('gives each item a value unique in the list', () => {
    const sections = buildPaletteSections(
      input({
        query: 'user',
        recent: [recentUsers, recentDara],
        menu: [{ id: 1, to: '/security/user', title: { kh: 'អ្នកប្រើប្រាស់', en: 'User' }, current: true }],
        records: [{ current: true, destination: recentDara }],
      }),
    );
    const values = sections.flatMap((section) => section.items.map((item) => item.value));
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('iconForPath', () => {
  it("uses the sidebar's icon of the area a path belongs to", () => {
    expect(iconForPath('/security/user/edit/3')).toBe('user');
    expect(iconForPath('/security/role')).toBe('role');
    expect(iconForPath('/')).toBe('home');
    expect(iconForPath('/somewhere/else')).toBe('arrowRight');
  });
});
