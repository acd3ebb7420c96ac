import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClientSettings } from '../../../src/domain/systemSettings';
import { generalInformation, languages } from '../../db/schema';
import { dataOf } from '../../http/schemas';
import { readSettings } from '../../settings/readSettings';

export const ZMains = z.object({
  languages: z.array(z.object({ local: z.string(), name: z.string() })),
  /** Keyed values: app_name ({kh, en}), app_logo and footer_logo (file names for /general-information/{file}). */
  generals: z.record(z.string(), z.unknown()),
  /** The system settings every screen applies (list page size, idle sign-out); nothing secret. */
  settings: ZClientSettings,
});

export const mainsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mains',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Setup data every screen needs, before and after sign-in: languages and general information',
        response: { 200: dataOf(ZMains) },
      },
    },
    async () => {
      const languageRows = await app.db
        .select({ code: languages.code, name: languages.name })
        .from(languages)
        .orderBy(asc(languages.id));
      const generalRows = await app.db
        .select({ key: generalInformation.key, value: generalInformation.value })
        .from(generalInformation)
        .orderBy(asc(generalInformation.id));
      const settings = ZClientSettings.parse(await readSettings(app.db));
      return {
        data: {
          languages: languageRows.map((row) => ({ local: row.code, name: row.name })),
          generals: Object.fromEntries(generalRows.map((row) => [row.key, row.value ?? null])),
          settings,
        },
      };
    },
  );
};
