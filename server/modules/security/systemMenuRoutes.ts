import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { developerOnlyPermission } from '../../../src/domain/permissions';
import { ZSystemMenuInput } from '../../../src/domain/resources/systemMenu';
import { recordVersion } from '../../../src/domain/rules';
import { writeAudit } from '../../audit';
import { systemMenus } from '../../db/schema';
import { ApiError, notFound, staleVersion } from '../../errors';
import { dataOf, errorResponses, ZIdParams } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import {
  checkMenuPermission,
  findSystemMenu,
  systemMenuColumns,
  systemMenuSelection,
} from './systemMenuBinding';

const entity = 'system_menus';
const tags = ['systemMenu'];
const config = { permission: developerOnlyPermission, answers: developerOnlyPermission };
const ZId = ZIdParams;
const ZMenuRow = z.looseObject({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  version: z.number().int(),
});
const ZSubMenuUpdate = ZSystemMenuInput.extend({ version: recordVersion() });

/**
 * The sub-menus of a system menu (spec section 7 'Menus'), developer-only like the menus. Menus
 * have two levels, like the sidebar: a sub-menu's parent is a top-level menu. These routes address
 * sub-menus only; an id of a top-level menu is 404 here (it has the `/admin/system-menu/{id}` routes).
 */
export const systemMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/system-menu/create-sub-system/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Create a sub-menu under top-level menu {id}; a sub-menu cannot have sub-menus (409)',
        params: ZId,
        body: ZSystemMenuInput,
        // 409: a sub-menu under a sub-menu (menus are two levels deep).
        response: { 201: dataOf(ZMenuRow), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { id: parentId } = request.params;
      const body = request.body as Record<string, unknown>;
      const created = await app.db.transaction(async (tx) => {
        // A share lock: the parent cannot be deleted while its new sub-menu is on the way.
        const [parent] = await tx
          .select({ id: systemMenus.id, parentId: systemMenus.parentId })
          .from(systemMenus)
          .where(eq(systemMenus.id, parentId))
          .for('share');
        if (!parent) throw notFound();
        if (parent.parentId !== null) throw new ApiError(409, 'subMenuDepth');
        await checkMenuPermission(tx, body.permission);
        const [inserted] = await tx
          .insert(systemMenus)
          .values({
            ...(systemMenuColumns(body) as typeof systemMenus.$inferInsert),
            parentId,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: systemMenus.id });
        const row = await findSystemMenu(tx, inserted.id);
        await writeAudit(tx, {
          userId: actor.id,
          entity,
          entityId: inserted.id,
          action: 'create',
          after: row,
        });
        return row;
      });
      return reply.status(201).send({ data: created as z.infer<typeof ZMenuRow> });
    },
  );

  app.get(
    '/admin/system-menu/show-sub-menu/:id',
    {
      config,
      schema: {
        tags,
        summary: 'The sub-menus of menu {id}, in their order',
        params: ZId,
        response: { 200: dataOf(z.array(ZMenuRow)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findSystemMenu(app.db, id))) throw notFound();
      const rows = await app.db
        .select(systemMenuSelection)
        .from(systemMenus)
        .where(eq(systemMenus.parentId, id))
        .orderBy(asc(systemMenus.sortOrder), asc(systemMenus.id));
      return { data: rows };
    },
  );

  app.put(
    '/admin/system-menu/update-sub-menu/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change sub-menu {id}; a stale version gets 409 and changes nothing',
        params: ZId,
        body: ZSubMenuUpdate,
        response: { 200: dataOf(ZMenuRow), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { version, ...changes } = request.body as Record<string, unknown> & { version: number };
      const updated = await app.db.transaction(async (tx) => {
        const before = await findSystemMenu(tx, id);
        if (!before || before.parentId === null) throw notFound();
        if (before.version !== version) throw staleVersion();
        await checkMenuPermission(tx, changes.permission);
        const result = await tx
          .update(systemMenus)
          .set({
            ...systemMenuColumns(changes),
            version: sql`${systemMenus.version} + 1`,
            updatedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(and(eq(systemMenus.id, id), eq(systemMenus.version, version)))
          .returning({ id: systemMenus.id });
        if (result.length === 0) throw staleVersion();
        const after = await findSystemMenu(tx, id);
        await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'update', before, after });
        return after;
      });
      return { data: updated as z.infer<typeof ZMenuRow> };
    },
  );

  app.post(
    '/admin/system-menu/delete-sub-menu/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete sub-menu {id}',
        params: ZId,
        response: { 200: dataOf(ZMenuRow), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const before = await findSystemMenu(tx, id);
        if (!before || before.parentId === null) throw notFound();
        await tx.delete(systemMenus).where(eq(systemMenus.id, id));
        await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'delete', before });
        return before;
      });
      return { data: deleted as z.infer<typeof ZMenuRow> };
    },
  );
};
