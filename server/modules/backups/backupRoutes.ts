import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBackupSummary } from '../../../src/domain/backups';
import { formatInstant } from '../../../src/domain/dateFormat';
import { superUserOnlyPermission } from '../../../src/domain/permissions';
import { BackupRunningError } from '../../backups/backupStore';
import { ApiError, notFound } from '../../errors';
import { dataOf, errorResponses, ZErrorBody } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';

const config = { permission: superUserOnlyPermission, answers: superUserOnlyPermission };

/**
 * The backups (issue 27, docs/operations.md): made, listed and downloaded by super users only, since
 * an archive holds every record and file of every office.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/backups',
    {
      config,
      schema: {
        tags: ['backups'],
        summary:
          'Every backup of the cluster (made by any server process) with its state (running, done, failed), newest first',
        response: { 200: dataOf(z.array(ZBackupSummary)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await app.backups.list() }),
  );

  app.post(
    '/admin/backups',
    {
      config,
      schema: {
        tags: ['backups'],
        summary:
          'Makes a backup now (a consistent snapshot while the server keeps answering) and answers it once done; 409 while another is being made by any server process, naming who makes it (`holder`)',
        response: {
          201: dataOf(ZBackupSummary),
          ...errorResponses(401, 403),
          409: ZErrorBody.extend({
            holder: z.object({ by: z.string(), process: z.string(), startedAt: z.string() }).optional(),
          }),
          500: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        const made = await app.backups.make(currentUser(request).username);
        return reply.code(201).send({ data: made });
      } catch (error) {
        if (error instanceof BackupRunningError)
          throw error.holder
            ? new ApiError(
                409,
                'backupRunningBy',
                // Shown as every instant is (DD-MM-YYYY HH:mm, Phnom Penh); the body keeps the ISO one.
                { ...error.holder, startedAt: formatInstant(error.holder.startedAt) },
                {},
                undefined,
                { holder: error.holder },
              )
            : new ApiError(409, 'backupRunning');
        request.log.error({ err: error }, 'The backup failed');
        throw new ApiError(500, 'backupFailed', {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    },
  );

  app.get(
    '/admin/backups/:name',
    {
      config: { permission: superUserOnlyPermission },
      schema: {
        tags: ['backups'],
        summary:
          'Downloads one finished backup (a .tar.gz: database, stored files, manifest.json) from BACKUP_DIR, whichever process made it',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: z.any(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await app.backups.file(request.params.name);
      if (!file) throw notFound();
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
};
