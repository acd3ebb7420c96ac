import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { fileAreas, readStoredFile } from '../../server/files/fileStore';
import { storedNames } from './support/storedFiles';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/** A valid 1x1 PNG and a 1x1 GIF. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A PNG (by its content) of exactly `size` bytes: the image followed by padding. */
const pngOfSize = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

const messages = {
  imageType: 'file must be a PNG, JPEG, WebP or GIF image.',
  imageSize: 'file size should be less than 2 MB!',
  fileEmpty: 'file is an empty file.',
};

/** One file in a multipart/form-data body, as a browser's FormData sends it. */
const multipart = (filename: string, bytes: Buffer, contentType = 'image/png', field = 'file') => {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

type TItem = { id: number; key: string; value: unknown; version: number };

let t: TTestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('editor', ['general_settings:read', 'general_settings:update']);
  await t.createUser('reader', [
    'general_settings:read',
    'general_settings:write',
    'general_settings:delete',
  ]);
  for (const username of ['editor', 'reader']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
});
afterAll(() => t?.close());

const auth = (username: string) => t.bearer(tokens[username]);

const items = async (): Promise<Record<string, TItem>> => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/general-information',
    headers: auth('editor'),
  });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(response.json().data.map((item: TItem) => [item.key, item]));
};

/** Every entry of DATA_DIR/files (or logo the database keeps), temporary ones included. */
const storedFiles = () => storedNames(t.app, fileAreas.logos);

const upload = (
  url: string,
  body: ReturnType<typeof multipart>,
  headers: Record<string, string> = auth('editor'),
) => t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });

const getFile = (name: string) => t.app.inject({ method: 'GET', url: `/api/v1/general-information/${name}` });

const lastAudit = async (entityId: number) => {
  const [row] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'general_information'), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('app logo upload, replace and delete', () => {
  it('stores an uploaded PNG under a generated name and serves it as the app logo', async () => {
    const before = await items();
    const response = await upload('/api/v1/general-information/upload', multipart('my logo.png', png));
    expect(response.statusCode).toBe(200);
    const item: TItem = response.json().data;
    expect(item).toMatchObject({
      id: before.app_logo.id,
      key: 'app_logo',
      version: before.app_logo.version + 1,
    });
    expect(item.value).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await storedFiles()).toEqual([item.value]);
    // Decoded and written again: the same one transparent-capable pixel, not the bytes sent.
    const stored = (await readStoredFile(t.app.files, fileAreas.logos, item.value as string)) as Buffer;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const served = await getFile(item.value as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(stored);

    const mains = await t.app.inject({ method: 'GET', url: '/api/v1/mains' });
    expect(mains.json().data.generals.app_logo).toBe(item.value);
    const audit = await lastAudit(item.id);
    expect(audit).toMatchObject({ action: 'update', userId: expect.any(Number) });
    expect(audit.before).toMatchObject({ key: 'app_logo', value: before.app_logo.value });
    expect(audit.after).toMatchObject({ key: 'app_logo', value: item.value });
  });

  it('replaces the logo by content type (a GIF named .png is stored as a PNG still) and removes the old file', async () => {
    const old = (await items()).app_logo.value as string;
    const response = await upload(
      '/api/v1/general-information/upload',
      multipart('logo.png', gif, 'image/png'),
    );
    expect(response.statusCode).toBe(200);
    const replaced = response.json().data.value as string;
    expect(replaced).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await storedFiles()).toEqual([replaced]);
    expect((await getFile(old)).statusCode).toBe(404);
    const served = await getFile(replaced);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('refuses a renamed non-image, an image of 2,000,001 bytes and an empty file, and stores nothing', async () => {
    const before = await items();
    const filesBefore = await storedFiles();
    expect(filesBefore).toHaveLength(1);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused: [ReturnType<typeof multipart>, string][] = [
      [
        multipart('evil.png', Buffer.from('this is plain text, not an image\n'.repeat(20))),
        messages.imageType,
      ],
      [multipart('drawing.svg', svg, 'image/svg+xml'), messages.imageType],
      [multipart('big.png', pngOfSize(2_000_001)), messages.imageSize],
      [multipart('huge.png', pngOfSize(5_000_000)), messages.imageSize],
      [multipart('empty.png', Buffer.alloc(0)), messages.fileEmpty],
    ];
    for (const [body, message] of refused) {
      for (const url of ['/api/v1/general-information/upload', '/api/v1/admin/setting/upload-footer-logo']) {
        const response = await upload(url, body);
        expect(response.statusCode, `${url} ${message}`).toBe(400);
        expect(response.json()).toEqual({
          statusCode: 400,
          message: 'The request is not valid.',
          errors: [message],
        });
      }
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await items()).toEqual(before);
  });

  it('answers the refusal in the request language, field name first', async () => {
    const response = await upload(
      '/api/v1/general-information/upload',
      multipart('evil.png', Buffer.from('text')),
      {
        ...auth('editor'),
        locale: 'kh',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['file ត្រូវតែជារូបភាព PNG, JPEG, WebP ឬ GIF។']);
  });

  it('asks for the file when the request carries none', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/general-information/upload',
      headers: auth('editor'),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual(['file is required.']);
  });

  it('deletes the app logo: the value becomes null and the file is gone', async () => {
    const current = (await items()).app_logo;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/setting/delete-app-logo',
      headers: auth('editor'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...current, value: null, version: current.version + 1 });
    expect(await storedFiles()).toEqual([]);
    expect((await getFile(current.value as string)).statusCode).toBe(404);
    expect((await items()).app_logo.value).toBeNull();
    // Deleting again changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/setting/delete-app-logo',
      headers: auth('editor'),
    });
    expect(again.json().data).toEqual({ ...current, value: null, version: current.version + 1 });
  });
});

describe('footer logo', () => {
  it('accepts an image of exactly 2,000,000 bytes, replaces it and deletes it', async () => {
    const before = (await items()).footer_logo;
    const largest = pngOfSize(2_000_000);
    const first = await upload('/api/v1/admin/setting/upload-footer-logo', multipart('footer.png', largest));
    expect(first.statusCode).toBe(200);
    const firstName = first.json().data.value as string;
    expect(first.json().data).toMatchObject({ key: 'footer_logo', version: before.version + 1 });
    expect(await storedFiles()).toEqual([firstName]);
    // The padding after the image is gone: only the pixels were kept.
    const served = (await getFile(firstName)).rawPayload;
    expect(served.length).toBeLessThan(1000);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await items()).app_logo.value).toBeNull();

    const second = await upload('/api/v1/admin/setting/upload-footer-logo', multipart('footer.png', png));
    const secondName = second.json().data.value as string;
    expect(await storedFiles()).toEqual([secondName]);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/setting/delete-footer-logo',
      headers: auth('editor'),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({
      key: 'footer_logo',
      value: null,
      version: before.version + 3,
    });
    expect(await storedFiles()).toEqual([]);
    expect((await getFile(secondName)).statusCode).toBe(404);
  });
});

describe('PATCH /api/v1/general-information/{id}', () => {
  const patch = (id: number, payload: unknown, headers = auth('editor')) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/general-information/${id}`,
      headers,
      payload: payload as object,
    });

  it('changes the app name in both languages, the setup data follows, and an audit row is written', async () => {
    const { app_name } = await items();
    const value = { kh: 'ប្រព័ន្ធកុមារធម៌', en: 'Adoption Office' };
    const response = await patch(app_name.id, { value, version: app_name.version });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: app_name.id,
      key: 'app_name',
      value,
      version: app_name.version + 1,
    });
    const mains = await t.app.inject({ method: 'GET', url: '/api/v1/mains' });
    expect(mains.json().data.generals.app_name).toEqual(value);
    const audit = await lastAudit(app_name.id);
    expect(audit.before).toMatchObject({ value: app_name.value });
    expect(audit.after).toMatchObject({ value });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const { app_name } = await items();
    const response = await patch(app_name.id, {
      value: { kh: 'ក', en: 'Other' },
      version: app_name.version - 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/changed by someone else/);
    expect((await items()).app_name).toEqual(app_name);
  });

  it('refuses a blank, missing or too long name with field-first messages', async () => {
    const { app_name } = await items();
    const cases: [unknown, string[]][] = [
      [{ kh: '   ', en: 'Name' }, ['value.kh can not be blank.']],
      [{ kh: 'ឈ្មោះ' }, ['value.en is required.']],
      [{ kh: 'ឈ្មោះ', en: 'x'.repeat(101) }, ['value.en must be at most 100 characters long.']],
      [{ kh: '', en: '' }, ['value.kh is required.', 'value.en is required.']],
    ];
    for (const [value, errors] of cases) {
      const response = await patch(app_name.id, { value, version: app_name.version });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect((await items()).app_name).toEqual(app_name);
  });

  it('does not set a logo by PATCH, and answers 404 for an unknown id', async () => {
    const { app_logo } = await items();
    const logo = await patch(app_logo.id, { value: { kh: 'x.png', en: 'x.png' }, version: app_logo.version });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().errors).toEqual(['value is not valid.']);
    expect((await items()).app_logo).toEqual(app_logo);
    const unknown = await patch(999_999, { value: { kh: 'ក', en: 'A' }, version: 1 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  const routes: {
    method: 'POST' | 'PATCH';
    url: () => Promise<string>;
    body: () => ReturnType<typeof multipart> | object;
  }[] = [
    {
      method: 'POST',
      url: async () => '/api/v1/general-information/upload',
      body: () => multipart('a.png', png),
    },
    {
      method: 'POST',
      url: async () => '/api/v1/admin/setting/upload-footer-logo',
      body: () => multipart('a.png', png),
    },
    { method: 'POST', url: async () => '/api/v1/admin/setting/delete-app-logo', body: () => ({}) },
    { method: 'POST', url: async () => '/api/v1/admin/setting/delete-footer-logo', body: () => ({}) },
    {
      method: 'PATCH',
      url: async () => `/api/v1/general-information/${(await items()).app_name.id}`,
      body: () => ({ value: { kh: 'ក', en: 'A' }, version: 1 }),
    },
  ];

  it('refuses every change with 403 to a user without general_settings:update and 401 without sign-in', async () => {
    const before = await items();
    const filesBefore = await storedFiles();
    for (const route of routes) {
      const url = await route.url();
      for (const [headers, status] of [
        [auth('reader'), 403],
        [{}, 401],
      ] as const) {
        const body = route.body();
        const response =
          'payload' in body
            ? await t.app.inject({
                method: route.method,
                url,
                payload: body.payload,
                headers: { ...headers, ...body.headers },
              })
            : await t.app.inject({ method: route.method, url, payload: body, headers });
        expect(response.statusCode, `${route.method} ${url}`).toBe(status);
      }
    }
    expect(await items()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});
