import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THostileEntry } from '../../scripts/generate-hostile-corpus';
import { attachments, childInfos, generalInformation } from '../../server/db/schema';
import { unsafeNameCharacters } from '../../server/files/storeFile';
import { childDocumentsOf, childPhotoOf } from './support/childDocuments';
import { multipart as form } from './support/multipart';
import { insertApplication, insertCompletedMatching, insertService } from './support/recordFixtures';
import { allStoredNames } from './support/storedFiles';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Walks the hostile corpus (tests/fixtures/hostile, made by scripts/generate-hostile-corpus.ts)
 * through every upload route: each file is refused (400 naming the field, nothing on disk or in
 * the database) or neutralised (what is served is a re-encoded image without metadata or payload,
 * named from the record), or, for a clean PDF, kept as sent and named from the record.
 */

const corpusDir = path.join(import.meta.dirname, '../fixtures/hostile');
const manifest: THostileEntry[] = JSON.parse(await readFile(path.join(corpusDir, 'manifest.json'), 'utf8'));

let t: TTestApp;
let token: string;
let child: { id: number; code: string };
let replaceTarget: number;
const khmer = /[\u1780-\u17ff]/;

const multipart = (field: string, filename: string, contentType: string, bytes: Buffer) => {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Every entry under DATA_DIR/files (children and temporary files included). */
const storedFiles = () => allStoredNames(t.app);

const request = (method: 'GET' | 'POST', url: string, body?: ReturnType<typeof multipart>, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: body?.payload,
    headers: { authorization: `Bearer ${token}`, locale, ...body?.headers },
  });

/** What a route stores, read from the database: unchanged after a refusal. */
type TRoute = {
  name: string;
  kind: 'image' | 'document';
  field: string;
  locale: string;
  send: (entry: THostileEntry, bytes: Buffer) => ReturnType<typeof request>;
  state: () => Promise<unknown>;
  /** The stored file as served, and the name it is served under (null: a public logo). */
  served: () => Promise<{ bytes: Buffer; type: string; name: string | null; expectedName: string | null }>;
};

const logoRoute = (name: string, url: string, key: 'app_logo' | 'footer_logo', locale: string): TRoute => {
  const row = async () =>
    (
      await t.app.db
        .select({ value: generalInformation.value, version: generalInformation.version })
        .from(generalInformation)
        .where(eq(generalInformation.key, key))
    )[0];
  return {
    name,
    kind: 'image',
    field: 'file',
    locale,
    send: (entry, bytes) =>
      request('POST', url, multipart('file', entry.sentAs, entry.contentType, bytes), locale),
    state: row,
    served: async () => {
      const value = (await row()).value as string;
      const response = await request('GET', `/general-information/${value}`);
      return {
        bytes: response.rawPayload,
        type: String(response.headers['content-type']),
        name: null,
        expectedName: null,
      };
    },
  };
};

const childPhoto = () => childPhotoOf(t.app.db, child.id);
const childDocumentRows = async () =>
  (await childDocumentsOf(t.app.db, child.id)).map(({ id, storedName, version }) => ({
    id,
    storedName,
    version,
  }));
const fileName = (disposition: unknown) => /filename="([^"]+)"/.exec(String(disposition))?.[1] ?? null;
const servedDocument = async (id: number) => {
  const response = await request('GET', `/child-infos/file/${id}`);
  const extension = String(response.headers['content-type']).split('/')[1].replace('jpeg', 'jpg');
  return {
    bytes: response.rawPayload,
    type: String(response.headers['content-type']),
    name: fileName(response.headers['content-disposition']),
    expectedName: `${child.code}-document-${id}.${extension}`,
  };
};
const lastDocumentId = async () => (await childDocumentRows()).at(-1)?.id ?? 0;

const routes: TRoute[] = [
  logoRoute('app logo', '/general-information/upload', 'app_logo', 'en'),
  logoRoute('footer logo', '/admin/setting/upload-footer-logo', 'footer_logo', 'kh'),
  {
    name: 'child photo (upload-file, kind=photo)',
    kind: 'image',
    field: 'file',
    locale: 'en',
    send: (entry, bytes) =>
      request(
        'POST',
        `/child-infos/upload-file/${child.id}?kind=photo`,
        multipart('file', entry.sentAs, entry.contentType, bytes),
      ),
    state: childPhoto,
    served: async () => {
      const response = await request('GET', `/child-infos/photo/${child.id}`);
      const thumbnail = await request('GET', `/child-infos/thumbnail/${child.id}`);
      expect(thumbnail.statusCode).toBe(200);
      expect((await sharp(thumbnail.rawPayload).metadata()).exif).toBeUndefined();
      const extension = String(response.headers['content-type']).split('/')[1].replace('jpeg', 'jpg');
      return {
        bytes: response.rawPayload,
        type: String(response.headers['content-type']),
        name: fileName(response.headers['content-disposition']),
        expectedName: `${child.code}-photo.${extension}`,
      };
    },
  },
  {
    name: 'document (upload-file)',
    kind: 'document',
    field: 'file',
    locale: 'kh',
    send: (entry, bytes) =>
      request(
        'POST',
        `/child-infos/upload-file/${child.id}`,
        multipart('file', entry.sentAs, entry.contentType, bytes),
        'kh',
      ),
    state: childDocumentRows,
    served: async () => servedDocument(await lastDocumentId()),
  },
  {
    name: 'document (upload-files)',
    kind: 'document',
    field: 'files',
    locale: 'en',
    send: (entry, bytes) =>
      request(
        'POST',
        `/child-infos/upload-files/${child.id}`,
        multipart('files', entry.sentAs, entry.contentType, bytes),
      ),
    state: childDocumentRows,
    served: async () => servedDocument(await lastDocumentId()),
  },
  {
    name: 'document replaced (update-file)',
    kind: 'document',
    field: 'file',
    locale: 'en',
    send: (entry, bytes) =>
      request(
        'POST',
        `/child-infos/update-file/${replaceTarget}`,
        multipart('file', entry.sentAs, entry.contentType, bytes),
      ),
    state: childDocumentRows,
    served: () => servedDocument(replaceTarget),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('uploader', [
    'adoptive_children:read',
    'adoptive_children:update',
    'general_settings:update',
    'adoptive_parents:read',
    'adoptive_parents:update',
    'matchings:read',
    'matchings:update',
    'post_adoption_services:read',
    'post_adoption_services:update',
  ]);
  token = (await t.signIn('uploader', userPassword)).accessToken;
  const headOfficeId = await t.createHeadOffice('HO-HOSTILE');
  const [row] = await t.app.db
    .insert(childInfos)
    .values({
      code: 'CH-2026-000123',
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: 'female',
      dateOfBirth: '2020-01-01',
      headOfficeId,
    })
    .returning({ id: childInfos.id, code: childInfos.code });
  child = row;
  const clean = await readFile(
    path.join(corpusDir, manifest.find((e) => e.file.endsWith('pdf-clean.pdf'))?.file ?? ''),
  );
  const first = await request(
    'POST',
    `/child-infos/upload-file/${child.id}`,
    multipart('file', 'first.pdf', 'application/pdf', clean),
  );
  expect(first.statusCode).toBe(200);
  replaceTarget = first.json().data.id;
}, 60_000);
afterAll(() => t?.close());

/** What the end of a well-formed image of each type looks like: nothing may follow it. */
const endsCleanly = (bytes: Buffer, type: string) => {
  if (type === 'image/png') return bytes.subarray(-12).equals(Buffer.from('0000000049454e44ae426082', 'hex'));
  if (type === 'image/jpeg') return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  if (type === 'image/webp') return bytes.readUInt32LE(4) + 8 === bytes.length;
  return false;
};

describe('the hostile upload corpus', () => {
  it('has at least 50 files, each with an outcome for the image and the document routes', async () => {
    expect(manifest.length).toBeGreaterThanOrEqual(50);
    const files = (await readdir(corpusDir)).filter((name) => name !== 'manifest.json').sort();
    expect(files).toEqual(manifest.map((entry) => entry.file).sort());
  });
});

for (const route of routes) {
  describe(`hostile files through ${route.name}`, () => {
    for (const entry of manifest) {
      const outcome = route.kind === 'image' ? entry.image : entry.document;
      it(`${entry.file}: ${outcome}`, async () => {
        const bytes = await readFile(path.join(corpusDir, entry.file));
        const filesBefore = await storedFiles();
        const stateBefore = await route.state();
        const response = await route.send(entry, bytes);

        if (outcome === 'refused') {
          expect(response.statusCode, response.body).toBe(400);
          const { errors } = response.json() as { errors: string[] };
          expect(errors).toHaveLength(1);
          expect(errors[0].startsWith(route.field)).toBe(true);
          if (route.locale === 'kh') expect(errors[0]).toMatch(khmer);
          expect(await storedFiles()).toEqual(filesBefore);
          expect(await route.state()).toEqual(stateBefore);
          return;
        }

        expect(response.statusCode, response.body).toBe(200);
        const served = await route.served();
        if (served.name !== null) {
          // Named from the record and the served type, never the sender's name or extension.
          expect(served.name).toBe(served.expectedName);
        }
        if (outcome === 'accepted') {
          expect(served.type).toBe('application/pdf');
          expect(served.bytes.equals(bytes)).toBe(true);
        } else {
          expect(served.type).toMatch(/^image\/(png|jpeg|webp)$/);
          const metadata = await sharp(served.bytes).metadata();
          expect(metadata.exif).toBeUndefined();
          expect(metadata.xmp).toBeUndefined();
          expect(metadata.comments ?? []).toEqual([]);
          expect(endsCleanly(served.bytes, served.type)).toBe(true);
          const text = served.bytes.toString('latin1');
          for (const payload of ['<script', '<html', 'PK\x03\x04', '%PDF', 'GPS']) {
            expect(text.includes(payload), payload).toBe(false);
          }
          if (entry.file.includes('alpha')) expect(metadata.hasAlpha).toBe(true);
          if (entry.file.includes('rotated')) expect([metadata.width, metadata.height]).toEqual([48, 64]);
        }
        if (route.kind === 'document') {
          // The sender's name survives only as a label, without control or bidi characters.
          const list = await request('GET', `/child-infos/files/${child.id}`);
          for (const document of list.json().data as { originalName: string }[]) {
            expect(document.originalName).not.toMatch(new RegExp(unsafeNameCharacters.source, 'u'));
            expect(document.originalName).not.toMatch(/[/\\]/);
          }
        }
      }, 30_000);
    }
  });
}

/**
 * Issue 22 item 8: a multipart text field with a NUL or another control character is a 400 naming
 * the field, in the request's language, and nothing is stored (neither file nor row), on every
 * route that takes a `title` with its file.
 */
describe('control characters in the text fields of an upload', () => {
  const cleanPdf = () =>
    readFile(path.join(corpusDir, manifest.find((e) => e.file.endsWith('pdf-clean.pdf'))?.file ?? ''));
  /** The files under DATA_DIR/files (a directory an upload route makes on first use is no file). */
  const storedFileNames = async () =>
    (await readdir(path.join(t.config.dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  const allAttachments = () =>
    t.app.db
      .select({ id: attachments.id, title: attachments.title, version: attachments.version })
      .from(attachments)
      .orderBy(attachments.id);

  let routesMade: Promise<readonly (readonly [string, string])[]> | undefined;
  const titledRoutes = () => (routesMade ??= makeTitledRoutes());
  const makeTitledRoutes = async () => {
    const office = await t.createHeadOffice('HO-TITLES');
    const application = await insertApplication(t.app.db, { headOfficeId: office }, { prefix: 'TT' });
    const matching = await insertCompletedMatching(t.app.db, { headOfficeId: office }, { prefix: 'TT' });
    const service = await insertService(t.app.db, matching, {}, { prefix: 'TT' });
    return [
      ['application attachments', `/parent-infos/attachments/${application.id}`],
      ['matching attachments', `/adoptive-matching/attachments/${matching.id}`],
      ['service attachments', `/service-after-adoption/attachments/${service.id}`],
      ['child document (upload-file)', `/child-infos/upload-file/${child.id}`],
      ['child document replaced (update-file)', `/child-infos/update-file/${replaceTarget}`],
    ] as const;
  };

  it.each([
    ['a NUL', 'Birth\u0000certificate'],
    ['an escape sequence', 'Birth \u001b[31mcertificate'],
    ['a bell', '\u0007certificate'],
  ])(
    'refuses a title with %s on every upload route, storing nothing',
    async (_, title) => {
      const pdf = await cleanPdf();
      for (const [name, url] of await titledRoutes()) {
        for (const locale of ['en', 'kh']) {
          const filesBefore = await storedFileNames();
          const rowsBefore = await allAttachments();
          const response = await request(
            'POST',
            url,
            form([
              { field: 'title', value: title },
              { field: 'file', filename: 'a.pdf', bytes: pdf },
            ]),
            locale,
          );
          expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
          const { errors } = response.json() as { errors: string[] };
          expect(errors, name).toHaveLength(1);
          expect(errors[0].startsWith('title '), `${name}: ${errors[0]}`).toBe(true);
          if (locale === 'kh') expect(errors[0]).toMatch(khmer);
          else expect(errors[0]).toContain('control character');
          expect(await storedFileNames(), name).toEqual(filesBefore);
          expect(await allAttachments(), name).toEqual(rowsBefore);
        }
      }
    },
    60_000,
  );

  it('still stores a title in Khmer with ordinary spaces', async () => {
    const pdf = await cleanPdf();
    const response = await request(
      'POST',
      `/child-infos/upload-file/${child.id}`,
      form([
        { field: 'title', value: 'សំបុត្រកំណើត 2026' },
        { field: 'file', filename: 'a.pdf', bytes: pdf },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.title).toBe('សំបុត្រកំណើត 2026');
  });
});

/**
 * Issue 22 item 9, through the routes: a PDF that opens an address by itself is refused on every
 * document route, in the request's language, storing nothing; a scanner's PDF with bytes after its
 * end marker is kept as sent. The PDFs are made here with pdf-lib.
 */
describe('PDFs that open an address, and bytes after the end marker', () => {
  const onePage = async (withOpenAction: boolean) => {
    const document = await PDFDocument.create({ updateMetadata: false });
    document.addPage([200, 200]);
    if (withOpenAction) {
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'URI', URI: PDFString.of('https://evil.example/opened') }),
      );
    }
    return Buffer.from(await document.save());
  };
  const documentRoutes = routes.filter((route) => route.kind === 'document');

  it.each(documentRoutes.map((route) => [route.name, route] as const))(
    'refuses a PDF whose OpenAction opens a web address through %s',
    async (_, route) => {
      const bytes = await onePage(true);
      const filesBefore = await storedFiles();
      const stateBefore = await route.state();
      const entry = { sentAs: 'letter.pdf', contentType: 'application/pdf' } as THostileEntry;
      const response = await route.send(entry, bytes);
      expect(response.statusCode, response.body).toBe(400);
      const { errors } = response.json() as { errors: string[] };
      expect(errors).toHaveLength(1);
      expect(errors[0].startsWith(route.field)).toBe(true);
      expect(errors[0]).toMatch(route.locale === 'kh' ? /អាសយដ្ឋានគេហទំព័រ/ : /opens a web address/);
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await route.state()).toEqual(stateBefore);
    },
  );

  it.each(documentRoutes.map((route) => [route.name, route] as const))(
    "keeps a scanner's PDF with bytes after its end marker, as sent, through %s",
    async (_, route) => {
      const bytes = Buffer.concat([await onePage(false), Buffer.from('\r\n'), Buffer.alloc(300)]);
      const entry = { sentAs: 'scan.pdf', contentType: 'application/pdf' } as THostileEntry;
      const response = await route.send(entry, bytes);
      expect(response.statusCode, response.body).toBe(200);
      const served = await route.served();
      expect(served.type).toBe('application/pdf');
      expect(served.bytes.equals(bytes)).toBe(true);
    },
  );
});
