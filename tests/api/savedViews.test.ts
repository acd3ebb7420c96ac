import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews, users } from '../../server/db/schema';
import { translators } from '../../server/plugins/locale';
import { myFollowUpsQuery } from '../../src/domain/areas/service.area';
import type { TSavedView } from '../../src/domain/savedViews';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Saved views and list preferences (issue 26): a view is its owner's, or shared with the owner's
 * head office by a holder of `saved_views:share`; another user's private view and another office's
 * shared one do not exist for the reader (404); a stale version is 409; bad input is 400 in the
 * request's language; 'My follow-ups' is shipped; rows per page are remembered per user and list.
 */

let t: TTestApp;
const tokens: Record<string, string> = {};
const childRead = ['adoptive_children:read'];

beforeAll(async () => {
  t = await createTestApp();
  const officeA = await t.createHeadOffice('HO-VIEWS-A');
  const officeB = await t.createHeadOffice('HO-VIEWS-B');
  const people: [string, string[], number | null][] = [
    ['caseworker', childRead, officeA],
    ['colleague', childRead, officeA],
    ['supervisor', [...childRead, 'saved_views:share'], officeA],
    ['elsewhere', [...childRead, 'saved_views:share'], officeB],
    ['followups', ['post_adoption_services:read'], officeA],
    ['nobody', [], officeA],
  ];
  for (const [username, permissions, office] of people) {
    const { id } = await t.createUser(username, permissions);
    await t.app.db.update(users).set({ headOfficeId: office }).where(eq(users.id, id));
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
}, 60_000);
afterAll(() => t?.close());

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(tokens[who]), locale },
    ...(payload ? { payload } : {}),
  });

const viewsOf = async (who: string, list = 'child'): Promise<TSavedView[]> => {
  const response = await call(who, 'GET', `/saved-views?list=${list}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const adoptableQuery = 'length=50&filter={"status":"adoptable","sort":"name","order":"asc"}';

describe('saved views', () => {
  let privateView: TSavedView;
  let sharedView: TSavedView;

  it('keeps a private view for its owner only: a colleague and another office get 404', async () => {
    const created = await call('caseworker', 'POST', '/saved-views', {
      list: 'child',
      name: 'Adoptable, by name',
      query: adoptableQuery,
      columns: [
        { id: 'nameKh', width: 240 },
        { id: 'code', hidden: true },
      ],
    });
    expect(created.statusCode).toBe(201);
    privateView = created.json().data;
    expect(privateView).toMatchObject({
      list: 'child',
      name: 'Adoptable, by name',
      query: adoptableQuery,
      columns: [
        { id: 'nameKh', width: 240 },
        { id: 'code', hidden: true },
      ],
      shared: false,
      shipped: false,
      mine: true,
      default: false,
      version: 1,
    });
    expect((await viewsOf('caseworker')).map((view) => view.id)).toContain(privateView.id);

    for (const other of ['colleague', 'elsewhere']) {
      expect((await viewsOf(other)).map((view) => view.id)).not.toContain(privateView.id);
      const patch = await call(other, 'PATCH', `/saved-views/${privateView.id}`, {
        name: 'Mine',
        version: 1,
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe('Request Not Found.');
      expect((await call(other, 'DELETE', `/saved-views/${privateView.id}`)).statusCode).toBe(404);
      // Nor may they make it their default.
      const preference = await call(other, 'PUT', '/list-preferences/child', {
        defaultViewId: privateView.id,
      });
      expect(preference.statusCode).toBe(400);
    }
    const [stored] = await t.app.db.select().from(savedViews).where(eq(savedViews.id, privateView.id));
    expect(stored.name).toBe('Adoptable, by name');
  });

  it('shares only with saved_views:share (403, nothing saved), then with the owner’s office alone', async () => {
    const refused = await call('caseworker', 'POST', '/saved-views', {
      list: 'child',
      name: 'For the office',
      shared: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No Permission.');
    expect((await viewsOf('caseworker')).map((view) => view.name)).not.toContain('For the office');
    // Sharing one's own private view afterwards is refused the same way.
    const shareLater = await call('caseworker', 'PATCH', `/saved-views/${privateView.id}`, {
      shared: true,
      version: privateView.version,
    });
    expect(shareLater.statusCode).toBe(403);

    const created = await call('supervisor', 'POST', '/saved-views', {
      list: 'child',
      name: 'For the office',
      query: 'length=100&filter={}',
      shared: true,
    });
    expect(created.statusCode).toBe(201);
    sharedView = created.json().data;
    expect(sharedView).toMatchObject({ shared: true, mine: true });

    // Every user of the office sees it, not as theirs: they may not change or delete it.
    const seen = (await viewsOf('colleague')).find((view) => view.id === sharedView.id);
    expect(seen).toMatchObject({ name: 'For the office', shared: true, mine: false });
    const change = await call('colleague', 'PATCH', `/saved-views/${sharedView.id}`, {
      name: 'Taken over',
      version: sharedView.version,
    });
    expect(change.statusCode).toBe(403);
    expect((await call('colleague', 'DELETE', `/saved-views/${sharedView.id}`)).statusCode).toBe(403);
    // But one may open with it.
    const preference = await call('colleague', 'PUT', '/list-preferences/child', {
      defaultViewId: sharedView.id,
    });
    expect(preference.statusCode).toBe(200);
    expect((await viewsOf('colleague')).find((view) => view.id === sharedView.id)?.default).toBe(true);

    // Another office's user does not see it at all.
    expect((await viewsOf('elsewhere')).map((view) => view.id)).not.toContain(sharedView.id);
    const foreign = await call('elsewhere', 'PATCH', `/saved-views/${sharedView.id}`, {
      name: 'Ours now',
      version: sharedView.version,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 409 to a stale version and changes nothing; the current one saves', async () => {
    const first = await call('caseworker', 'PATCH', `/saved-views/${privateView.id}`, {
      query: 'length=200&filter={}',
      columns: [{ id: 'status' }],
      version: privateView.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ query: 'length=200&filter={}', version: 2 });
    const stale = await call('caseworker', 'PATCH', `/saved-views/${privateView.id}`, {
      name: 'Late',
      version: privateView.version,
    });
    expect(stale.statusCode).toBe(409);
    const [stored] = await t.app.db.select().from(savedViews).where(eq(savedViews.id, privateView.id));
    expect(stored).toMatchObject({ name: 'Adoptable, by name', version: 2, columns: [{ id: 'status' }] });
  });

  it('refuses bad input with 400 in the request’s language, saving nothing', async () => {
    for (const locale of ['kh', 'en'] as const) {
      const words = translators[locale];
      const before = (await viewsOf('caseworker')).length;
      const empty = await call('caseworker', 'POST', '/saved-views', { list: 'child', name: '' }, locale);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toContain(words.validation.required({ label: 'name' }));

      const unknownColumn = await call(
        'caseworker',
        'POST',
        '/saved-views',
        { list: 'child', name: 'Odd', columns: [{ id: 'passwordHash' }] },
        locale,
      );
      expect(unknownColumn.statusCode).toBe(400);
      expect(unknownColumn.json().errors).toEqual([words.validation.invalid({ label: 'columns' })]);

      const unknownList = await call(
        'caseworker',
        'POST',
        '/saved-views',
        { list: 'secrets', name: 'X' },
        locale,
      );
      expect(unknownList.statusCode).toBe(400);
      expect(unknownList.json().errors).toEqual([words.validation.invalid({ label: 'list' })]);

      const twice = await call(
        'caseworker',
        'POST',
        '/saved-views',
        { list: 'child', name: 'ADOPTABLE, BY NAME' },
        locale,
      );
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors).toEqual([words.validation.duplicate({ label: 'name' })]);

      const badWidth = await call(
        'caseworker',
        'PATCH',
        `/saved-views/${privateView.id}`,
        { columns: [{ id: 'nameKh', width: 5 }], version: 2 },
        locale,
      );
      expect(badWidth.statusCode).toBe(400);
      expect(badWidth.json().message).toBe(words.server.validationFailed());
      expect((await viewsOf('caseworker')).length).toBe(before);
    }
    const [stored] = await t.app.db.select().from(savedViews).where(eq(savedViews.id, privateView.id));
    expect(stored.version).toBe(2);
  });

  it('keeps views of a list from a user who may not read it (403)', async () => {
    const listed = await call('nobody', 'GET', '/saved-views?list=child');
    expect(listed.statusCode).toBe(403);
    const saved = await call('nobody', 'POST', '/saved-views', { list: 'child', name: 'Peek' });
    expect(saved.statusCode).toBe(403);
    // Without a list: only the lists they may read, here none.
    const all = await call('nobody', 'GET', '/saved-views');
    expect(all.json().data).toEqual([]);
  });

  it('ships My follow-ups to whoever reads the services, named in their language, changed by nobody', async () => {
    const en = (await call('followups', 'GET', '/saved-views')).json().data as TSavedView[];
    const shipped = en.find((view) => view.shipped);
    expect(shipped).toMatchObject({
      list: 'service',
      name: 'My follow-ups',
      query: myFollowUpsQuery,
      shipped: true,
      mine: false,
    });
    const kh = (await call('followups', 'GET', '/saved-views?list=service', undefined, 'kh')).json()
      .data as TSavedView[];
    expect(kh.find((view) => view.shipped)?.name).toBe(translators.kh.areas.service.myFollowUps());
    const change = await call('followups', 'PATCH', `/saved-views/${shipped?.id}`, {
      name: 'Mine',
      version: shipped?.version,
    });
    expect(change.statusCode).toBe(403);
    // A reader of children only does not get the services' view.
    const childOnly = (await call('caseworker', 'GET', '/saved-views')).json().data as TSavedView[];
    expect(childOnly.some((view) => view.list === 'service')).toBe(false);
  });

  it('deletes the owner’s view; a default it was falls back to none', async () => {
    const setDefault = await call('caseworker', 'PUT', '/list-preferences/child', {
      defaultViewId: privateView.id,
    });
    expect(setDefault.json().data).toMatchObject({ defaultViewId: privateView.id });
    expect((await call('caseworker', 'DELETE', `/saved-views/${privateView.id}`)).statusCode).toBe(200);
    expect((await viewsOf('caseworker')).map((view) => view.id)).not.toContain(privateView.id);
    const preference = await call('caseworker', 'GET', '/list-preferences/child');
    expect(preference.json().data).toMatchObject({ list: 'child', defaultViewId: null });
  });
});

describe('rows per page, remembered per user and list', () => {
  it('remembers the spec’s sizes, refuses others in the request’s language, per user and list', async () => {
    expect((await call('colleague', 'GET', '/list-preferences/child')).json().data).toMatchObject({
      take: null,
    });
    const saved = await call('colleague', 'PUT', '/list-preferences/child', { take: 200 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ list: 'child', take: 200 });
    // The default chosen earlier stays: what is left out of the body is not touched.
    expect(saved.json().data.defaultViewId).not.toBeNull();
    const all = await call('colleague', 'PUT', '/list-preferences/child', { take: -1 });
    expect(all.json().data.take).toBe(-1);

    for (const locale of ['kh', 'en'] as const) {
      const bad = await call('colleague', 'PUT', '/list-preferences/child', { take: 7 }, locale);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([translators[locale].validation.invalid({ label: 'take' })]);
    }
    expect((await call('colleague', 'GET', '/list-preferences/child')).json().data.take).toBe(-1);

    // Another user, another list: nothing carried over.
    expect((await call('caseworker', 'GET', '/list-preferences/child')).json().data.take).toBeNull();
    const listed = (await call('colleague', 'GET', '/list-preferences')).json().data;
    expect(listed).toEqual([{ list: 'child', take: -1, defaultViewId: expect.any(Number) }]);
    // A list the user may not read: 403; one that does not exist: 400.
    expect((await call('colleague', 'PUT', '/list-preferences/service', { take: 50 })).statusCode).toBe(403);
    expect((await call('colleague', 'PUT', '/list-preferences/nothing', { take: 50 })).statusCode).toBe(400);
  });
});
