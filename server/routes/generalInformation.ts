import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generalInformation } from '../db/schema';
import { notFound } from '../errors';
import { dataOf, errorResponses } from './schemas';

/** Names the upload code generates: a random stem and an image extension; nothing else is served. */
const storedFileName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(png|jpe?g|gif|webp)$/i;
const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const ZGeneralInformationItem = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.unknown(),
  version: z.number().int(),
});

export const generalInformationRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const filesDir = path.join(app.config.dataDir, 'files');
      const filePath = path.join(filesDir, file);
      if (path.dirname(filePath) !== filesDir) throw notFound();
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) throw notFound();
      const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
      return reply
        .type(contentTypes[extension])
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(filePath));
    },
  );
};
