import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../src/domain/permissions';
import { permissionFor } from '../../src/domain/resource';
import { idParam } from '../../src/domain/rules';
import {
  shareViewsPermission,
  shippedViewName,
  type TColumnSetting,
  type TSavedView,
  ZListKey,
  ZListPreference,
  ZListPreferenceInput,
  ZSavedView,
  ZSavedViewInput,
  ZSavedViewPatch,
  ZSavedViewsQuery,
} from '../../src/domain/savedViews';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { listPreferences, savedViews, users } from '../db/schema';
import { fieldErrors, noPermission, notFound, staleVersion } from '../errors';
import { dataOf, errorResponses } from '../http/schemas';
import { translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { databaseErrorCode } from './databaseError';
import type { TResourceBinding } from './resourceBinding';

/** What the views need of a list: who may read it, and its columns. */
type TListEntry = { readPermission: string; columns: readonly string[] };

const tags = ['saved views'];
const ZListParams = z.object({ list: ZListKey });
const ZViewParams = z.object({ id: idParam() });

type TViewRow = typeof savedViews.$inferSelect;

/**
 * Saved views of every resource list (issue 26) and each user's list preferences (rows per page,
 * default view). Any signed-in user keeps views of the lists they may read; sharing one with their
 * head office needs `saved_views:share`. A view the reader may not see does not exist for them
 * (404): another user's private view, another office's shared one.
 */
export const savedViewRoutes =
  (bindings: readonly TResourceBinding[]): FastifyPluginAsyncZod =>
  async (app) => {
    // The lists with screens (a list page to keep views of), by the resource's name.
    const lists = new Map<string, TListEntry>(
      bindings
        .filter((binding) => binding.definition.routeBase)
        .map((binding) => [
          binding.definition.name,
          {
            readPermission: permissionFor(binding.definition, 'read'),
            columns: binding.definition.columns.map((column) => column.key),
          },
        ]),
    );

    /** The list a request names: unknown is a 400 on `list`, one the user may not read a 403. */
    const listFor = (key: string, user: TAuthUser): TListEntry => {
      const entry = lists.get(key);
      if (!entry) throw fieldErrors((t) => t.validation.invalid({ label: 'list' }));
      if (!hasPermission(user, entry.readPermission)) throw noPermission();
      return entry;
    };
    const readableLists = (user: TAuthUser) =>
      [...lists.entries()]
        .filter(([, entry]) => hasPermission(user, entry.readPermission))
        .map(([key]) => key);

    const assertColumns = (columns: readonly TColumnSetting[] | undefined, entry: TListEntry) => {
      if (columns?.some((column) => !entry.columns.includes(column.id)))
        throw fieldErrors((t) => t.validation.invalid({ label: 'columns' }));
    };

    const officeOf = async (db: TDbOrTx, userId: number): Promise<number | null> => {
      const [row] = await db
        .select({ headOfficeId: users.headOfficeId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.headOfficeId ?? null;
    };

    /**
     * The views a user sees: the shipped ones, their own, and those shared in their head office
     * (users without one share among themselves).
     */
    const visible = (userId: number, office: number | null): SQL =>
      or(
        isNotNull(savedViews.shippedKey),
        eq(savedViews.userId, userId),
        and(eq(savedViews.shared, true), sql`${savedViews.headOfficeId} is not distinct from ${office}`),
      ) as SQL;

    const answer = (
      row: TViewRow,
      userId: number,
      defaultViewId: number | null | undefined,
      t: TranslationFunctions,
    ): TSavedView => ({
      id: row.id,
      list: row.list,
      name: (row.shippedKey && shippedViewName(row.shippedKey, t)) || row.name,
      query: row.query,
      columns: row.columns,
      shared: row.shared,
      shipped: row.shippedKey !== null,
      mine: row.userId === userId,
      default: defaultViewId === row.id,
      version: row.version,
    });

    const defaultOf = async (db: TDbOrTx, userId: number, list: string) => {
      const [row] = await db
        .select({ defaultViewId: listPreferences.defaultViewId })
        .from(listPreferences)
        .where(and(eq(listPreferences.userId, userId), eq(listPreferences.list, list)));
      return row?.defaultViewId ?? null;
    };

    /** A view the user sees (404 otherwise), locked for the write that follows. */
    const findVisible = async (db: TDbOrTx, id: number, user: TAuthUser, lock: boolean) => {
      const office = await officeOf(db, user.id);
      const query = db
        .select()
        .from(savedViews)
        .where(and(eq(savedViews.id, id), visible(user.id, office)));
      const [row] = lock ? await query.for('update') : await query;
      // A view of a list the user may no longer read is not there for them either.
      const entry = row ? lists.get(row.list) : undefined;
      if (!row || !entry || !hasPermission(user, entry.readPermission)) throw notFound();
      return { row, office, entry };
    };

    /** The user's own view with this name on this list, other than `exceptId`: a duplicate name. */
    const assertFreeName = async (db: TDbOrTx, userId: number, list: string, name: string, exceptId = 0) => {
      const [taken] = await db
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(
          and(
            eq(savedViews.userId, userId),
            eq(savedViews.list, list),
            sql`lower(${savedViews.name}) = lower(${name})`,
            sql`${savedViews.id} <> ${exceptId}`,
          ),
        );
      if (taken) throw fieldErrors((t) => t.validation.duplicate({ label: 'name' }));
    };
    /** Two saves of the same name at once: the unique index refuses the second, on `name` too. */
    const rethrowDuplicate = (error: unknown): never => {
      if (databaseErrorCode(error).code === '23505')
        throw fieldErrors((t) => t.validation.duplicate({ label: 'name' }));
      throw error;
    };

    app.get(
      '/saved-views',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary:
            "The views of a list (`list`: the resource's name), or of every list you may read: yours, those shared in your head office, the shipped ones",
          querystring: ZSavedViewsQuery,
          response: { 200: dataOf(z.array(ZSavedView)), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const t = translator(request);
        const { list } = request.query;
        if (list) listFor(list, user);
        const keys = list ? [list] : readableLists(user);
        if (keys.length === 0) return { data: [] };
        const office = await officeOf(app.db, user.id);
        const rows = await app.db
          .select({ view: savedViews, defaultViewId: listPreferences.defaultViewId })
          .from(savedViews)
          .leftJoin(
            listPreferences,
            and(eq(listPreferences.userId, user.id), eq(listPreferences.list, savedViews.list)),
          )
          .where(
            and(
              visible(user.id, office),
              sql`${savedViews.list} in (${sql.join(
                keys.map((key) => sql`${key}`),
                sql`, `,
              )})`,
            ),
          )
          .orderBy(asc(savedViews.list), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
        return { data: rows.map(({ view, defaultViewId }) => answer(view, user.id, defaultViewId, t)) };
      },
    );

    app.post(
      '/saved-views',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `Save a view of a list; a shared one (seen by your head office) needs \`${shareViewsPermission}\``,
          body: ZSavedViewInput,
          response: { 201: dataOf(ZSavedView), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const t = translator(request);
        const body = request.body;
        const entry = listFor(body.list, user);
        assertColumns(body.columns, entry);
        if (body.shared && !hasPermission(user, shareViewsPermission)) throw noPermission();
        const created = await app.db
          .transaction(async (tx) => {
            await assertFreeName(tx, user.id, body.list, body.name);
            const office = await officeOf(tx, user.id);
            const [row] = await tx
              .insert(savedViews)
              .values({
                userId: user.id,
                headOfficeId: office,
                list: body.list,
                name: body.name,
                query: body.query,
                columns: body.columns,
                shared: body.shared,
                createdBy: user.id,
                updatedBy: user.id,
              })
              .returning();
            return answer(row, user.id, await defaultOf(tx, user.id, body.list), t);
          })
          .catch(rethrowDuplicate);
        return reply.status(201).send({ data: created });
      },
    );

    app.patch(
      '/saved-views/:id',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary:
            'Change your view (name, address, columns, shared); a stale version gets 409 and changes nothing',
          params: ZViewParams,
          body: ZSavedViewPatch,
          response: { 200: dataOf(ZSavedView), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const t = translator(request);
        const { version, ...changes } = request.body;
        const updated = await app.db
          .transaction(async (tx) => {
            const { row, office, entry } = await findVisible(tx, request.params.id, user, true);
            if (row.userId !== user.id) throw noPermission();
            assertColumns(changes.columns, entry);
            const shared = changes.shared ?? row.shared;
            // What the office sees is changed only by whoever may share; making it private is always allowed.
            if (shared && !hasPermission(user, shareViewsPermission)) throw noPermission();
            if (row.version !== version) throw staleVersion();
            if (changes.name !== undefined) await assertFreeName(tx, user.id, row.list, changes.name, row.id);
            const [after] = await tx
              .update(savedViews)
              .set({
                ...changes,
                headOfficeId: office,
                version: row.version + 1,
                updatedBy: user.id,
                updatedAt: new Date(),
              })
              .where(eq(savedViews.id, row.id))
              .returning();
            return answer(after, user.id, await defaultOf(tx, user.id, row.list), t);
          })
          .catch(rethrowDuplicate);
        return { data: updated };
      },
    );

    app.delete(
      '/saved-views/:id',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: 'Delete your view (a default it was falls back to none)',
          params: ZViewParams,
          response: {
            200: dataOf(z.object({ id: z.number().int() })),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await app.db.transaction(async (tx) => {
          const { row } = await findVisible(tx, request.params.id, user, true);
          if (row.userId !== user.id) throw noPermission();
          await tx.delete(savedViews).where(eq(savedViews.id, row.id));
        });
        return { data: { id: request.params.id } };
      },
    );

    const preferenceOf = async (db: TDbOrTx, userId: number, list: string) => {
      const [row] = await db
        .select({ take: listPreferences.take, defaultViewId: listPreferences.defaultViewId })
        .from(listPreferences)
        .where(and(eq(listPreferences.userId, userId), eq(listPreferences.list, list)));
      return { list, take: row?.take ?? null, defaultViewId: row?.defaultViewId ?? null };
    };

    app.get(
      '/list-preferences',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: 'Your preferences of every list you set one for: rows per page, default view',
          response: { 200: dataOf(z.array(ZListPreference)), ...errorResponses(401) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const readable = new Set(readableLists(user));
        const rows = await app.db
          .select({
            list: listPreferences.list,
            take: listPreferences.take,
            defaultViewId: listPreferences.defaultViewId,
          })
          .from(listPreferences)
          .where(eq(listPreferences.userId, user.id))
          .orderBy(asc(listPreferences.list));
        return { data: rows.filter((row) => readable.has(row.list)) };
      },
    );

    app.get(
      '/list-preferences/:list',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: 'Your preferences of one list: rows per page and default view (null: not chosen)',
          params: ZListParams,
          response: { 200: dataOf(ZListPreference), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        listFor(request.params.list, user);
        return { data: await preferenceOf(app.db, user.id, request.params.list) };
      },
    );

    app.put(
      '/list-preferences/:list',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary:
            'Remember your rows per page (10, 50, 100, 200, -1 for all) or default view of a list; null forgets it, a field left out stays',
          params: ZListParams,
          body: ZListPreferenceInput,
          response: { 200: dataOf(ZListPreference), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { list } = request.params;
        listFor(list, user);
        const { take, defaultViewId } = request.body;
        const saved = await app.db.transaction(async (tx) => {
          if (defaultViewId) {
            // Only a view of this list the user sees may open it.
            const office = await officeOf(tx, user.id);
            const [view] = await tx
              .select({ id: savedViews.id })
              .from(savedViews)
              .where(
                and(eq(savedViews.id, defaultViewId), eq(savedViews.list, list), visible(user.id, office)),
              );
            if (!view) throw fieldErrors((t) => t.validation.invalid({ label: 'defaultViewId' }));
          }
          const changes = {
            ...(take !== undefined ? { take } : {}),
            ...(defaultViewId !== undefined ? { defaultViewId } : {}),
          };
          await tx
            .insert(listPreferences)
            .values({ userId: user.id, list, ...changes, createdBy: user.id, updatedBy: user.id })
            .onConflictDoUpdate({
              target: [listPreferences.userId, listPreferences.list],
              set: { ...changes, updatedBy: user.id, updatedAt: new Date() },
            });
          return preferenceOf(tx, user.id, list);
        });
        return { data: saved };
      },
    );
  };
