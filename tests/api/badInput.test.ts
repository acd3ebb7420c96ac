import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos } from '../../server/db/schema';
import { insertChildDocuments } from './support/childDocuments';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 10: the bad inputs that answered 500 (or not in our shape) when the product was attacked.
 * Each answers a 400 (or 414) `{ statusCode, message, errors? }` whose messages start with the field.
 */
const logLines: { level: number; msg?: string; err?: unknown }[] = [];
let t: TTestApp;
let admin: Record<string, string>;
let childId: number;
let documentId: number;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: {
        level: 'debug',
        stream: { write: (line: string) => logLines.push(JSON.parse(line)) },
      },
    },
  );
  admin = t.bearer((await t.signIn('admin', adminPassword)).accessToken);
  const headOfficeId = await t.createHeadOffice('BAD-HO');
  const [child] = await t.app.db
    .insert(childInfos)
    .values({
      code: 'BAD-1',
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: 'male',
      dateOfBirth: '2020-01-01',
      headOfficeId,
    })
    .returning({ id: childInfos.id });
  childId = child.id;
  const [document] = await insertChildDocuments(t.app.db, [
    {
      childId,
      storedName: `${'0'.repeat(32)}.pdf`,
      originalName: 'a.pdf',
      mimeType: 'application/pdf',
      size: 1,
    },
  ]);
  documentId = document.id;
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...admin, ...headers },
    payload: payload as string,
  });

describe('text PostgreSQL cannot store is a 400 on its field, in every route', () => {
  it('refuses a NUL in the sign-in username', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      'username contains a character that cannot be stored (NUL or an unpaired surrogate).',
    ]);
  });

  it('refuses a NUL in the menu search, in Khmer when asked', async () => {
    const response = await api('GET', '/admin/search-menu?search=%00', undefined, { locale: 'kh' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^search មានតួអក្សរ/);
  });

  it('refuses a lone surrogate in a translatable name, naming name.kh', async () => {
    const response = await api('POST', '/provinces', '{"code":"P99","name":{"kh":"\\ud800","en":"x"}}', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      'name.kh contains a character that cannot be stored (NUL or an unpaired surrogate).',
    ]);
  });
});

describe('ids beyond the database integer', () => {
  it.each([
    ['PATCH', '/general-information/2147483648'],
    ['GET', '/provinces/2147483648'],
    ['GET', '/child-infos/status-history/9007199254740993'],
    ['GET', '/roles/0/permissions'],
  ] as const)('%s %s is a 400 on id', async (method, url) => {
    const response = await api(
      method,
      url,
      method === 'PATCH' ? { value: { kh: 'a', en: 'b' }, version: 1 } : undefined,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['id is not valid.']);
  });

  it('refuses a version beyond it', async () => {
    const response = await api('PATCH', '/provinces/1', { version: 2_147_483_648 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['version is not valid.']);
  });
});

describe('a broken multipart body on every upload route', () => {
  const uploadRoutes = () => [
    '/general-information/upload',
    '/admin/setting/upload-footer-logo',
    `/child-infos/upload-file/${childId}`,
    `/child-infos/update-file/${documentId}`,
    `/child-infos/upload-files/${childId}`,
  ];
  const part =
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
  const broken: [string, string, string][] = [
    ['cut off', 'multipart/form-data; boundary=XX', part],
    ['without a boundary', 'multipart/form-data', `${part}\r\n--XX--\r\n`],
    ['with a wrong boundary', 'multipart/form-data; boundary=YY', `${part}\r\n--XX--\r\n`],
    ['with a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, part],
  ];

  it('answers 400 with a message on body, never 500', async () => {
    for (const url of uploadRoutes()) {
      for (const [what, contentType, payload] of broken) {
        const response = await api('POST', url, payload, { 'content-type': contentType });
        expect({ url, what, status: response.statusCode }).toEqual({ url, what, status: 400 });
        const [message] = response.json().errors;
        expect(message).toMatch(/^(body|file) /);
      }
    }
  });

  it('logs an upload whose sender went away at info, not as an error', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    logLines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/general-information/upload HTTP/1.1\r\nHost: x\r\n' +
            `Authorization: ${admin.authorization}\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
            `Content-Length: 100000\r\n\r\n${part}${'x'.repeat(1000)}`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    const aborted = () =>
      logLines.some((line) => line.level === 30 && /aborted by the client/.test(line.msg ?? ''));
    await expect.poll(aborted, { timeout: 10_000 }).toBe(true);
    expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
  });
});

describe('answers in our shape before any route runs', () => {
  it('an over-long path id is a 414 { statusCode, message }', async () => {
    const response = await api('GET', `/provinces/${'1'.repeat(200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ statusCode: 414, message: 'The address is too long.' });
  });

  it('a body of the wrong content type is a translated 415', async () => {
    const response = await api('POST', '/provinces', 'code=1', {
      'content-type': 'application/x-www-form-urlencoded',
      locale: 'kh',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ statusCode: 415, message: 'Content-Type នេះមិនត្រូវបានទទួលយកនៅទីនេះទេ។' });
  });
});

describe('every 400 message starts with its field', () => {
  it('leads the range message, which has no label, with the field name', async () => {
    const current = (await api('GET', '/admin/system-setting')).json().data;
    const response = await api('PUT', '/admin/system-setting', { ...current, sessionIdleMinutes: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['sessionIdleMinutes: Number has to be between 5 and 480']);
  });
});
