import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLocales } from '../../../src/domain/locale';
import { ZLocalizationOverride } from '../../../src/domain/resources/language';
import { languages } from '../../db/schema';
import { dataOf, errorResponses } from '../../http/schemas';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/languages/localizations/:locale',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['languages'],
        summary: "The administrators' translation overrides for one locale (dictionary key -> text)",
        params: z.object({ locale: z.enum(routeLocales) }),
        response: { 200: dataOf(z.array(ZLocalizationOverride)), ...errorResponses(400) },
      },
    },
    async (request) => {
      const [language] = await app.db
        .select({ localizations: languages.localizations })
        .from(languages)
        .where(eq(languages.code, request.params.locale));
      return { data: language?.localizations ?? [] };
    },
  );
};
