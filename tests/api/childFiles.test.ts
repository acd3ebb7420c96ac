import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, childInfos } from '../../server/db/schema';
import { fileAreas, readStoredFile } from '../../server/files/fileStore';
import { thumbnailName } from '../../server/files/storeFile';
import { childDocumentsOf, childPhotoOf } from './support/childDocuments';
import { file, multipart } from './support/multipart';
import { insertChild, registeredChild } from './support/recordFixtures';
import { storedNames } from './support/storedFiles';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/** A valid 1x1 PNG and a 1x1 GIF, a minimal PDF, an ELF and a Windows (MZ) executable header. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A one-page PDF (made in `beforeAll`): a PDF without a page is refused. */
let pdf: Buffer;
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(120)]);
const mz = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  randomBytes(200),
]);
/** A PNG (by its content) of exactly `size` bytes: the image followed by padding. */
const pngOfSize = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

type TDocument = {
  id: number;
  childId: number;
  originalName: string;
  mimeType: string;
  size: number;
  title: string | null;
  version: number;
  createdBy: number | null;
  createdByName: string | null;
};

let t: TTestApp;
const tokens: Record<string, string> = {};
let headOfficeId: number;
let editorId: number;

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  pdf = Buffer.from(await document.save());
  t = await createTestApp();
  editorId = (await t.createUser('editor', ['adoptive_children:read', 'adoptive_children:update'])).id;
  await t.createUser('reader', ['adoptive_children:read']);
  // Everything on children but reading them.
  await t.createUser('blind', [
    'adoptive_children:write',
    'adoptive_children:update',
    'adoptive_children:delete',
  ]);
  for (const username of ['editor', 'reader', 'blind']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  headOfficeId = await t.createHeadOffice('HO-FILES');
}, 60_000);
afterAll(() => t?.close());

const auth = (username: string) => t.bearer(tokens[username]);
const post = (url: string, body: ReturnType<typeof multipart>, username = 'editor', locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body.payload,
    headers: { ...auth(username), ...body.headers, locale },
  });
const get = (url: string, username = 'editor') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth(username) });
const remove = (url: string, username = 'editor') =>
  t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: auth(username) });

/** Every file of the children's area (DATA_DIR/files/children or the database), temporary ones included. */
const storedFiles = () => storedNames(t.app, fileAreas.children);
const photoOf = (childId: number) => childPhotoOf(t.app.db, childId);
const documentsOf = (childId: number) => childDocumentsOf(t.app.db, childId);
const lastAudit = async (entity: string, entityId: number) => {
  const [row] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe("a child's photo", () => {
  it('is uploaded, re-encoded, served to a reader as an attachment named from the record, replaced (old file gone) and removed', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const first = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([file('me.png', png, 'file', 'image/png')]),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ childId: child.id, hasPhoto: true, version: child.version + 1 });
    const firstName = (await photoOf(child.id)).photo as string;
    expect(firstName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await storedFiles()).toContain(firstName);
    expect(await storedFiles()).toContain(thumbnailName(firstName));
    expect(await lastAudit('child_infos', child.id)).toMatchObject({
      action: 'upload-photo',
      userId: editorId,
      after: { photo: firstName },
    });

    const served = await get(`/child-infos/photo/${child.id}`, 'reader');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="${child.code}-photo.png"; filename*=UTF-8''${child.code}-photo.png`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    // The list's avatar: a 96 px WebP, same permission as the photo.
    const thumbnail = await get(`/child-infos/thumbnail/${child.id}`, 'reader');
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(String(thumbnail.headers['content-disposition'])).toContain(`${child.code}-photo-thumbnail.webp`);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 96,
      height: 96,
    });
    expect((await get(`/child-infos/thumbnail/${child.id}`, 'blind')).statusCode).toBe(403);

    // The kind as a form field works as well; a GIF named .png is stored (and served) as a PNG still.
    const second = await post(
      `/child-infos/upload-file/${child.id}`,
      multipart([{ field: 'kind', value: 'photo' }, file('other.png', gif)]),
    );
    expect(second.statusCode).toBe(200);
    const secondName = (await photoOf(child.id)).photo as string;
    expect(secondName).toMatch(/\.png$/);
    const files = await storedFiles();
    expect(files).toContain(secondName);
    expect(files).not.toContain(firstName);
    expect(files).not.toContain(thumbnailName(firstName));
    expect((await get(`/child-infos/photo/${child.id}`, 'reader')).headers['content-type']).toBe('image/png');

    const removed = await remove(`/child-infos/remove-file/${child.id}?kind=photo`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ childId: child.id, hasPhoto: false });
    expect(await photoOf(child.id)).toMatchObject({ photo: null, version: child.version + 3 });
    expect(await storedFiles()).not.toContain(secondName);
    expect(await storedFiles()).not.toContain(thumbnailName(secondName));
    expect((await get(`/child-infos/photo/${child.id}`, 'reader')).statusCode).toBe(404);
    expect((await get(`/child-infos/thumbnail/${child.id}`, 'reader')).statusCode).toBe(404);
  });

  it('refuses a 2,000,001-byte image, a document as a photo and a stale version, keeping the old photo', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    await post(`/child-infos/upload-file/${child.id}?kind=photo`, multipart([file('a.png', png)]));
    const before = await photoOf(child.id);
    const filesBefore = await storedFiles();

    const big = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([file('big.png', pngOfSize(2_000_001))]),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual(['file size should be less than 2 MB!']);
    const pdfPhoto = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([file('scan.png', pdf)]),
    );
    expect(pdfPhoto.statusCode).toBe(400);
    expect(pdfPhoto.json().errors).toEqual(['file must be a PNG, JPEG, WebP or GIF image.']);
    const stale = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([{ field: 'version', value: String(before.version - 1) }, file('a.png', png)]),
    );
    expect(stale.statusCode).toBe(409);
    expect(await photoOf(child.id)).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);

    const exact = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([
        { field: 'version', value: String(before.version) },
        file('exact.png', pngOfSize(2_000_000)),
      ]),
    );
    expect(exact.statusCode).toBe(200);
  });

  it('answers in Khmer when asked, and 404 for an unknown child', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const khmer = await post(
      `/child-infos/upload-file/${child.id}?kind=photo`,
      multipart([file('big.png', pngOfSize(2_000_001))]),
      'editor',
      'kh',
    );
    expect(khmer.statusCode).toBe(400);
    expect(khmer.json().errors).toEqual(['file មានទំហំត្រូវតែតិចជាង 2 MB!']);
    const unknown = await post(
      '/child-infos/upload-file/2147483000?kind=photo',
      multipart([file('a.png', png)]),
    );
    expect(unknown.statusCode).toBe(404);
    expect((await get('/child-infos/photo/2147483000', 'reader')).statusCode).toBe(404);
  });
});

describe("a child's documents", () => {
  it('uploads one, lists it with its Khmer name, downloads it named from the record with safe headers, replaces and removes it', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const name = 'សំបុត្រកំណើត (birth).pdf';
    const uploaded = await post(
      `/child-infos/upload-file/${child.id}`,
      multipart([{ field: 'title', value: 'Birth certificate' }, file(name, pdf, 'file', 'application/pdf')]),
    );
    expect(uploaded.statusCode).toBe(200);
    const document: TDocument = uploaded.json().data;
    expect(document).toMatchObject({
      childId: child.id,
      originalName: name,
      mimeType: 'application/pdf',
      size: pdf.length,
      title: 'Birth certificate',
      version: 1,
      createdBy: editorId,
      createdByName: 'User editor',
    });
    expect(document).not.toHaveProperty('storedName');
    const [row] = await documentsOf(child.id);
    expect(row.storedName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(await readStoredFile(t.app.files, fileAreas.children, row.storedName)).toEqual(pdf);
    expect(await lastAudit('child_documents', document.id)).toMatchObject({
      action: 'create',
      userId: editorId,
    });

    const list = await get(`/child-infos/files/${child.id}`, 'reader');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: document.id, originalName: name })]);

    const download = await get(`/child-infos/file/${document.id}`, 'reader');
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(pdf);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const disposition = String(download.headers['content-disposition']);
    // Named from the record and the sniffed type, never the sender's name.
    const downloadAs = `${child.code}-document-${document.id}.pdf`;
    expect(disposition).toBe(`attachment; filename="${downloadAs}"; filename*=UTF-8''${downloadAs}`);

    // Replace: new content (an image now), the version is checked and goes up, the old file goes.
    const stale = await post(
      `/child-infos/update-file/${document.id}`,
      multipart([{ field: 'version', value: '7' }, file('scan.png', png)]),
    );
    expect(stale.statusCode).toBe(409);
    const replaced = await post(
      `/child-infos/update-file/${document.id}`,
      multipart([{ field: 'version', value: '1' }, file('scan.png', png)]),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      id: document.id,
      originalName: 'scan.png',
      mimeType: 'image/png',
      size: expect.any(Number),
      title: 'Birth certificate',
      version: 2,
    });
    const [after] = await documentsOf(child.id);
    expect(await storedFiles()).toContain(after.storedName);
    expect(await storedFiles()).not.toContain(row.storedName);
    const replacedDownload = await get(`/child-infos/file/${document.id}`, 'reader');
    expect(replacedDownload.headers['content-type']).toBe('image/png');
    expect(String(replacedDownload.headers['content-disposition'])).toContain(
      `filename="${child.code}-document-${document.id}.png"`,
    );
    expect(await sharp(replacedDownload.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1 });

    const removed = await remove(`/child-infos/remove-file/${document.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await documentsOf(child.id)).toEqual([]);
    expect(await storedFiles()).not.toContain(after.storedName);
    expect(await lastAudit('child_documents', document.id)).toMatchObject({ action: 'delete' });
    expect((await get(`/child-infos/file/${document.id}`, 'reader')).statusCode).toBe(404);
    expect((await remove(`/child-infos/remove-file/${document.id}`)).statusCode).toBe(404);
    expect(
      (await post('/child-infos/update-file/2147483000', multipart([file('a.png', png)]))).statusCode,
    ).toBe(404);
    expect((await get('/child-infos/files/2147483000', 'reader')).statusCode).toBe(404);
  });

  it('uploads many at once, all or nothing', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const filesBefore = await storedFiles();
    const bad = await post(
      `/child-infos/upload-files/${child.id}`,
      multipart([file('a.pdf', pdf, 'files'), file('setup.pdf', mz, 'files'), file('b.png', png, 'files')]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['files (setup.pdf) must be a PDF or a PNG, JPEG, WebP or GIF image.']);
    expect(await documentsOf(child.id)).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);

    const good = await post(
      `/child-infos/upload-files/${child.id}`,
      multipart([file('a.pdf', pdf, 'files'), file('b.png', png, 'files'), file('c.gif', gif, 'files')]),
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data.map((d: TDocument) => [d.originalName, d.mimeType])).toEqual([
      ['a.pdf', 'application/pdf'],
      ['b.png', 'image/png'],
      ['c.gif', 'image/png'],
    ]);
    const rows = await documentsOf(child.id);
    expect(rows).toHaveLength(3);
    expect(await storedFiles()).toEqual([...filesBefore, ...rows.map((r) => r.storedName)].sort());

    const tooMany = await post(
      `/child-infos/upload-files/${child.id}`,
      multipart(Array.from({ length: 11 }, (_, i) => file(`p${i}.png`, png, 'files'))),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual(['files takes at most 10 file(s) at once.']);
    expect(await documentsOf(child.id)).toHaveLength(3);
    expect(await storedFiles()).toEqual([...filesBefore, ...rows.map((r) => r.storedName)].sort());
  });

  it('keeps no file when the transaction fails after the files were written', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const filesBefore = await storedFiles();
    // Fault injection: the database refuses the third document, after all three files are on disk.
    await t.app.db.execute(
      sql.raw(`create function refuse_doc() returns trigger language plpgsql as $$
      begin if new.original_name = 'fail.pdf' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await t.app.db.execute(
      sql.raw(
        'create trigger refuse_doc before insert on attachments for each row execute function refuse_doc()',
      ),
    );
    try {
      const response = await post(
        `/child-infos/upload-files/${child.id}`,
        multipart([file('a.pdf', pdf, 'files'), file('b.png', png, 'files'), file('fail.pdf', pdf, 'files')]),
      );
      expect(response.statusCode).toBe(500);
      t.forgiveUndeclared(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_doc on attachments'));
      await t.app.db.execute(sql.raw('drop function refuse_doc()'));
    }
    expect(await documentsOf(child.id)).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a renamed executable, an empty file, an oversized document and a non-multipart body', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    const filesBefore = await storedFiles();
    const cases: [Buffer, string, string][] = [
      [elf, 'report.pdf', 'file must be a PDF or a PNG, JPEG, WebP or GIF image.'],
      [mz, 'photo.png', 'file must be a PDF or a PNG, JPEG, WebP or GIF image.'],
      [
        Buffer.from('<html><script>alert(1)</script></html>'),
        'page.pdf',
        'file must be a PDF or a PNG, JPEG, WebP or GIF image.',
      ],
      [Buffer.alloc(0), 'empty.pdf', 'file is an empty file.'],
      [pngOfSize(10_000_001), 'huge.png', 'file size should be less than 10 MB!'],
    ];
    for (const [bytes, name, message] of cases) {
      const response = await post(`/child-infos/upload-file/${child.id}`, multipart([file(name, bytes)]));
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors, name).toEqual([message]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/child-infos/upload-file/${child.id}`,
      payload: {},
      headers: auth('editor'),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual(['file is required.']);
    const noFile = await post(
      `/child-infos/upload-file/${child.id}`,
      multipart([{ field: 'title', value: 'x' }]),
    );
    expect(noFile.statusCode).toBe(400);
    const badKind = await post(
      `/child-infos/upload-file/${child.id}`,
      multipart([{ field: 'kind', value: 'virus' }, file('a.png', png)]),
    );
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors).toEqual(['kind is not valid.']);
    // A 10,000,000-byte document is still accepted.
    const exact = await post(
      `/child-infos/upload-file/${child.id}`,
      multipart([file('big.png', pngOfSize(10_000_000))]),
    );
    expect(exact.statusCode).toBe(200);
    expect(await documentsOf(child.id)).toHaveLength(1);
    expect((await storedFiles()).length).toBe(filesBefore.length + 1);
    expect((await storedFiles()).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('who may see and change a child\u2019s files', () => {
  it('refuses listing and downloads without adoptive_children:read, and writes by a reader (nothing stored)', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    await post(`/child-infos/upload-file/${child.id}?kind=photo`, multipart([file('a.png', png)]));
    const uploaded = await post(`/child-infos/upload-file/${child.id}`, multipart([file('a.pdf', pdf)]));
    const document: TDocument = uploaded.json().data;

    for (const url of [
      `/child-infos/files/${child.id}`,
      `/child-infos/file/${document.id}`,
      `/child-infos/photo/${child.id}`,
    ]) {
      const response = await get(url, 'blind');
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('a.pdf');
      expect(response.rawPayload.includes(pdf)).toBe(false);
      expect(response.rawPayload.includes(png)).toBe(false);
    }

    const filesBefore = await storedFiles();
    const photoBefore = await photoOf(child.id);
    const writes = [
      post(`/child-infos/upload-file/${child.id}`, multipart([file('b.pdf', pdf)]), 'reader'),
      post(`/child-infos/upload-file/${child.id}?kind=photo`, multipart([file('b.png', png)]), 'reader'),
      post(`/child-infos/upload-files/${child.id}`, multipart([file('b.pdf', pdf, 'files')]), 'reader'),
      post(`/child-infos/update-file/${document.id}`, multipart([file('b.pdf', png)]), 'reader'),
      remove(`/child-infos/remove-file/${document.id}`, 'reader'),
      remove(`/child-infos/remove-file/${child.id}?kind=photo`, 'reader'),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await photoOf(child.id)).toEqual(photoBefore);
    expect(await documentsOf(child.id)).toHaveLength(1);
  });

  it('never serves a child\u2019s file from the public logo route', async () => {
    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    await post(`/child-infos/upload-file/${child.id}?kind=photo`, multipart([file('a.png', png)]));
    await post(`/child-infos/upload-file/${child.id}`, multipart([file('b.png', png)]));
    const photo = (await photoOf(child.id)).photo as string;
    const [document] = await documentsOf(child.id);
    for (const name of [
      photo,
      document.storedName,
      `children%2F${photo}`,
      `children/${photo}`,
      `..%2Ffiles%2Fchildren%2F${photo}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/general-information/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.rawPayload.includes(png)).toBe(false);
    }
  });
});

describe("a deleted child's files", () => {
  it('go with the record; a refused delete keeps them', async () => {
    await t.createUser('remover', [
      'adoptive_children:read',
      'adoptive_children:update',
      'adoptive_children:delete',
    ]);
    const removerToken = (await t.signIn('remover', userPassword)).accessToken;
    const deleteChild = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/child-infos/${id}`, headers: t.bearer(removerToken) });

    const child = await insertChild(t.app.db, registeredChild(headOfficeId), { prefix: 'FILES' });
    await post(`/child-infos/upload-file/${child.id}?kind=photo`, multipart([file('a.png', png)]));
    await post(`/child-infos/upload-files/${child.id}`, multipart([file('b.pdf', pdf, 'files')]));
    const photo = (await photoOf(child.id)).photo as string;
    const [document] = await documentsOf(child.id);
    expect(await storedFiles()).toEqual(expect.arrayContaining([photo, document.storedName]));

    // In the workflow, the child cannot be deleted: its files stay.
    await t.app.db.update(childInfos).set({ status: 'adoptable' }).where(eq(childInfos.id, child.id));
    expect((await deleteChild(child.id)).statusCode).toBe(409);
    expect(await storedFiles()).toEqual(expect.arrayContaining([photo, document.storedName]));

    await t.app.db.update(childInfos).set({ status: 'registered' }).where(eq(childInfos.id, child.id));
    expect((await deleteChild(child.id)).statusCode).toBe(200);
    const left = await storedFiles();
    expect(left).not.toContain(photo);
    expect(left).not.toContain(document.storedName);
    expect(await documentsOf(child.id)).toHaveLength(0);
  });
});
