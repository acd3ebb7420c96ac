import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos } from '../../server/db/schema';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/** Security headers on every answer (issue 10): the app's HTML, the API, errors and downloads. */

let t: TTestApp;
let clientDir: string;
let token: string;
let documentId: number;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'ab-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
  );
  t = await createTestApp({ clientDir });
  await t.createUser('clerk', ['adoptive_children:read', 'adoptive_children:update']);
  token = (await t.signIn('clerk', userPassword)).accessToken;
  const headOfficeId = await t.createHeadOffice('HO-HEADERS');
  const [child] = await t.app.db
    .insert(childInfos)
    .values({
      code: 'CH-2026-000042',
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: 'female',
      dateOfBirth: '2020-01-01',
      headOfficeId,
    })
    .returning({ id: childInfos.id });
  const pdf = await PDFDocument.create();
  pdf.addPage([100, 100]);
  const boundary = '----headers';
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/v1/child-infos/upload-file/${child.id}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="setup\u202Efdp.exe"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.from(await pdf.save()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(200);
  documentId = upload.json().data.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

const expectCommonHeaders = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
};

describe('security headers', () => {
  it('the app page: a strict policy with no inline script, framing refused', async () => {
    for (const url of ['/', '/en/adoptive-child/child']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      // A child's photo is shown from a blob: URL; nothing else from outside this origin.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
    }
  });

  it('API answers, refusals and unknown addresses carry them too', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/mains' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/users' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { username: 'nobody', password: 'wrong-password' },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) expectCommonHeaders(answer.headers);
  });

  it('a download: named from the record, sniffed type, an attachment in a sandbox', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/file/${documentId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="CH-2026-000042-document-${documentId}.pdf"; filename*=UTF-8''CH-2026-000042-document-${documentId}.pdf`,
    );
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('sandbox')).toBe(true);
    // The sender's name is only a label, without the right-to-left override.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/files/${(await t.app.db.select({ id: childInfos.id }).from(childInfos))[0].id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().data[0].originalName).toBe('setupfdp.exe');
  });

  it('the API documentation page works under its policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page.headers);
    // Its scripts are files of this origin, none inline.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
