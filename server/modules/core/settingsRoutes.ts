import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSystemSettingsRecord } from '../../../src/domain/systemSettings';
import { writeAudit } from '../../audit';
import { systemSettings } from '../../db/schema';
import { staleVersion } from '../../errors';
import { dataOf, errorResponses, ZErrorBody } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { readSettings } from '../../settings/readSettings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/system-setting',
    {
      config: { permission: 'system_settings:read' },
      schema: {
        tags: ['system settings'],
        summary: 'The system settings (defaults for those never saved) and their version',
        response: { 200: dataOf(ZSystemSettingsRecord), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await readSettings(app.db) }),
  );

  app.put(
    '/admin/system-setting',
    {
      config: { permission: 'system_settings:update', answers: 'system_settings:read' },
      schema: {
        tags: ['system settings'],
        summary: 'Save every system setting at once; a stale version gets 409 and changes nothing',
        body: ZSystemSettingsRecord,
        response: { 200: dataOf(ZSystemSettingsRecord), ...errorResponses(400, 401, 403), 409: ZErrorBody },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const actor = currentUser(request).id;
      const saved = await app.db.transaction(async (tx) => {
        // The version belongs to the whole set, so two saves must not both read the same one.
        await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
        const { version: current, ...before } = await readSettings(tx);
        if (current !== version) throw staleVersion();
        const next = current + 1;
        for (const [key, value] of Object.entries(values)) {
          await tx
            .insert(systemSettings)
            .values({ key, value, version: next, createdBy: actor, updatedBy: actor })
            .onConflictDoUpdate({
              target: systemSettings.key,
              set: { value, version: next, updatedBy: actor, updatedAt: new Date() },
            });
        }
        await writeAudit(tx, {
          userId: actor,
          entity: 'system_settings',
          entityId: null,
          action: 'update',
          before,
          after: values,
        });
        return { ...values, version: next };
      });
      return { data: saved };
    },
  );
};
