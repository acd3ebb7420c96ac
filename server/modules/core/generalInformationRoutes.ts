import fastifyMultipart from '@fastify/multipart';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TLogoKey,
  ZGeneralInformationItem,
  ZGeneralInformationPatch,
} from '../../../src/domain/generalInformation';
import { writeAudit } from '../../audit';
import { generalInformation } from '../../db/schema';
import { fieldErrors, notFound, staleVersion } from '../../errors';
import { fileAreas } from '../../files/fileStore';
import { receiveImage, removeStoredFile, storeImage, uploadLimits } from '../../files/storeImage';
import { dataOf, errorResponses, ZErrorBody, ZIdParams } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { fileResponse, multipartBody, ZBinary } from '../../plugins/responses';

/** Names the upload code generates: a random stem and an image extension; nothing else is served. */
const storedFileName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(png|jpe?g|gif|webp)$/i;
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const itemColumns = {
  id: generalInformation.id,
  key: generalInformation.key,
  value: generalInformation.value,
  version: generalInformation.version,
};

const ZItemParams = ZIdParams;
const itemResponses = {
  200: dataOf(ZGeneralInformationItem),
  ...errorResponses(400, 401, 403, 404),
  409: ZErrorBody,
};

const uploadDescription =
  'multipart/form-data with one file in the field `file`: a PNG, JPEG, WebP or GIF image (checked by ' +
  'content, not by name) of at most 2,000,000 bytes. The previous logo file is removed.';
const ZLogoUpload = multipartBody({ file: ZBinary });
export const generalInformationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so only these routes take multipart bodies, with the one-image limits.
  await app.register(fastifyMultipart, { limits: uploadLimits });

  /**
   * Points a logo key at a stored file (or at nothing), in one transaction with its audit row, and
   * answers the updated item. The file the key held before is removed only after the commit: a
   * failed change leaves the old logo working.
   */
  const setLogo = async (request: FastifyRequest, key: TLogoKey, fileName: string | null) => {
    const actor = currentUser(request).id;
    const { item, previous } = await app.db.transaction(async (tx) => {
      const [before] = await tx
        .select(itemColumns)
        .from(generalInformation)
        .where(eq(generalInformation.key, key))
        .for('update');
      if (!before) throw notFound();
      const previousValue = before.value ?? null;
      if (previousValue === fileName) return { item: { ...before, value: previousValue }, previous: null };
      const [after] = await tx
        .update(generalInformation)
        .set({
          value: fileName,
          version: sql`${generalInformation.version} + 1`,
          updatedBy: actor,
          updatedAt: new Date(),
        })
        .where(eq(generalInformation.id, before.id))
        .returning(itemColumns);
      await writeAudit(tx, {
        userId: actor,
        entity: 'general_information',
        entityId: before.id,
        action: 'update',
        before: { ...before, value: previousValue },
        after: { ...after, value: after.value ?? null },
      });
      return {
        item: { ...after, value: after.value ?? null },
        previous: typeof previousValue === 'string' ? previousValue : null,
      };
    });
    await removeStoredFile(app.files, previous).catch((error: unknown) => {
      request.log.warn({ err: error, file: previous }, 'could not remove a replaced logo file');
    });
    return item;
  };

  /** Receives, checks and stores the image, then points `key` at it; nothing is kept on failure. */
  const uploadLogo = async (request: FastifyRequest, key: TLogoKey) => {
    const image = await receiveImage(request);
    const fileName = await storeImage(app.files, image);
    try {
      return await setLogo(request, key, fileName);
    } catch (error) {
      await removeStoredFile(app.files, fileName);
      throw error;
    }
  };

  app.get(
    '/general-information',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'The keyed general information values, with ids and versions for editing',
        response: { 200: dataOf(z.array(ZGeneralInformationItem)), ...errorResponses(401) },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          id: generalInformation.id,
          key: generalInformation.key,
          value: generalInformation.value,
          version: generalInformation.version,
        })
        .from(generalInformation)
        .orderBy(asc(generalInformation.id));
      return { data: rows.map((row) => ({ ...row, value: row.value ?? null })) };
    },
  );

  app.get(
    '/general-information/:file',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['general information'],
        summary: 'A stored logo (the <img> source of app_logo and footer_logo)',
        description: 'Answers the image itself, or 404 JSON.',
        params: z.object({ file: z.string().max(200) }),
        response: {
          200: fileResponse('The logo image', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'),
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // Public, so only files a general information value points at: never a child's photo or document.
      if (!storedFileName.test(file)) throw notFound();
      const [referenced] = await app.db
        .select({ id: generalInformation.id })
        .from(generalInformation)
        .where(sql`${generalInformation.value} = to_jsonb(${file}::text)`)
        .limit(1);
      if (!referenced) throw notFound();
      const stored = await app.files.open(fileAreas.logos, file);
      if (!stored) throw notFound();
      const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
      return reply
        .type(contentTypes[extension])
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(stored.stream);
    },
  );

  app.patch(
    '/general-information/:id',
    {
      config: { permission: 'general_settings:update', answers: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'Change the app name ({kh, en}); a stale version gets 409 and changes nothing',
        description: 'Only `app_name` is changed this way; the logos go through the upload and delete calls.',
        params: ZItemParams,
        body: ZGeneralInformationPatch,
        response: itemResponses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const { value, version } = request.body;
      const actor = currentUser(request).id;
      const item = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select(itemColumns)
          .from(generalInformation)
          .where(eq(generalInformation.id, id))
          .for('update');
        if (!before) throw notFound();
        if (before.key !== 'app_name') throw fieldErrors((t) => t.validation.invalid({ label: 'value' }));
        if (before.version !== version) throw staleVersion();
        const [after] = await tx
          .update(generalInformation)
          .set({
            value,
            version: sql`${generalInformation.version} + 1`,
            updatedBy: actor,
            updatedAt: new Date(),
          })
          .where(eq(generalInformation.id, id))
          .returning(itemColumns);
        await writeAudit(tx, {
          userId: actor,
          entity: 'general_information',
          entityId: id,
          action: 'update',
          before,
          after,
        });
        return after;
      });
      return { data: item };
    },
  );

  app.post(
    '/general-information/upload',
    {
      config: { permission: 'general_settings:update', answers: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'Upload the app logo (replaces the current one)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        multipartBody: ZLogoUpload,
        response: itemResponses,
      },
    },
    async (request) => ({ data: await uploadLogo(request, 'app_logo') }),
  );

  app.post(
    '/admin/setting/upload-footer-logo',
    {
      config: { permission: 'general_settings:update', answers: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'Upload the footer logo (replaces the current one)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        multipartBody: ZLogoUpload,
        response: itemResponses,
      },
    },
    async (request) => ({ data: await uploadLogo(request, 'footer_logo') }),
  );

  // Removing a logo edits a setting (the row stays, its value becomes null), so it needs
  // general_settings:update like the uploads, not general_settings:delete.
  app.post(
    '/admin/setting/delete-app-logo',
    {
      config: { permission: 'general_settings:update', answers: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'Remove the app logo (the value becomes null and the file is deleted)',
        response: itemResponses,
      },
    },
    async (request) => ({ data: await setLogo(request, 'app_logo', null) }),
  );

  app.post(
    '/admin/setting/delete-footer-logo',
    {
      config: { permission: 'general_settings:update', answers: 'authenticated' },
      schema: {
        tags: ['general information'],
        summary: 'Remove the footer logo (the value becomes null and the file is deleted)',
        response: itemResponses,
      },
    },
    async (request) => ({ data: await setLogo(request, 'footer_logo', null) }),
  );
};
