import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../../src/domain/permissions';
import { ZTranslatable } from '../../../src/domain/translatable';
import { systemMenus } from '../../db/schema';
import { dataOf, errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';

export const ZMenuSearchItem = z.object({ id: z.number().int(), to: z.string(), menu_title: ZTranslatable });

/** A sub-menu's group: its permission (when the developer gives it one) guards the entries under it. */
const parentMenus = alias(systemMenus, 'parent_menu');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/search-menu',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['menus'],
        summary: 'Menus the caller may open whose Khmer or English title contains the text',
        querystring: z.object({ search: z.string().max(100).optional() }),
        response: { 200: dataOf(z.array(ZMenuSearchItem)), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const text = (request.query.search ?? '').normalize('NFC').trim();
      const pattern = `%${escapeLike(text)}%`;
      const rows = await app.db
        .select({
          id: systemMenus.id,
          to: systemMenus.to,
          title: systemMenus.title,
          permission: systemMenus.permission,
          parentPermission: parentMenus.permission,
        })
        .from(systemMenus)
        .leftJoin(parentMenus, eq(parentMenus.id, systemMenus.parentId))
        .where(
          and(
            // Only menus with a target; a group is not a destination.
            isNotNull(systemMenus.to),
            text
              ? or(
                  sql`${systemMenus.title}->>'kh' ilike ${pattern}`,
                  sql`${systemMenus.title}->>'en' ilike ${pattern}`,
                )
              : undefined,
          ),
        )
        .orderBy(asc(systemMenus.sortOrder), asc(systemMenus.id));
      return {
        data: rows
          .filter((row) =>
            [row.permission, row.parentPermission].every(
              (permission) => !permission || hasPermission(user, permission),
            ),
          )
          .map((row) => ({ id: row.id, to: row.to ?? '', menu_title: row.title })),
      };
    },
  );
};
