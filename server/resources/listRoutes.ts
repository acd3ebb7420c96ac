import { getTableName } from 'drizzle-orm';
import { z } from 'zod';
import { permissionFor } from '../../src/domain/resource';
import { errorResponses } from '../http/schemas';
import { requestLocale } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { listPageReader } from './listPageReader';
import { listQuerySchema } from './listQueryParts';
import { pagedOf } from './pagedList';
import type { TRecordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';
import { ZRow } from './resourceSchemas';
import type { TRouteApp } from './routeApp';

/** `GET {base}`, the paged list, and the spec's search call when the definition names one. */
export const listRoutes = (app: TRouteApp, binding: TResourceBinding, writes: TRecordWrites) => {
  const { definition } = binding;
  const entity = getTableName(binding.table);
  const base = definition.apiBase;
  const tags = [definition.name];
  const permission = permissionFor(definition, 'read');
  const ZQuery = listQuerySchema(binding);
  const listPage = listPageReader(app, binding, writes);

  app.get(
    base,
    {
      config: { permission },
      schema: {
        tags,
        summary: `Paged list of ${entity}`,
        querystring: ZQuery,
        response: { 200: pagedOf(ZRow), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await listPage(request, requestLocale(request), user);
      if (!binding.answerFor) return page;
      const data = await binding.answerFor(page.data as Record<string, unknown>[], {
        db: app.db,
        user,
        now: app.now(),
        one: false,
      });
      return { ...page, data: data as typeof page.data };
    },
  );

  const searchRoute = definition.searchRoute;
  if (searchRoute) {
    // The spec's search call (`GET /roles/search?roleName=`): the same paged list, the text under
    // the spec's parameter name.
    app.get(
      `${base}/${searchRoute.path}`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `Paged list of ${entity} whose text matches \`${searchRoute.param}\``,
          querystring: ZQuery.omit({ search: true }).extend({
            [searchRoute.param]: z.string().max(200).optional(),
          }),
          response: { 200: pagedOf(ZRow), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query as Record<string, unknown>;
        return listPage(
          { query: { ...query, search: query[searchRoute.param] ?? '' } },
          requestLocale(request),
          currentUser(request),
        );
      },
    );
  }
};
