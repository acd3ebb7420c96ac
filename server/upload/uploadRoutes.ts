import fastifyMultipart from '@fastify/multipart';
import { and, getTableColumns, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Workbook } from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  planCounts,
  type TImportPlanEntry,
  ZImportCommit,
  ZImportCounts,
  ZImportPlanEntry,
} from '../../src/domain/importPlan';
import { hasPermission } from '../../src/domain/permissions';
import { permissionFor } from '../../src/domain/resource';
import { auditValues } from '../audit';
import { auditLog } from '../db/schema';
import { notDuplicateAction } from '../duplicates/createCheck';
import { dismissPairs, recordNewPairs } from '../duplicates/pairs';
import { ApiError, fieldErrors } from '../errors';
import { workbookBytes } from '../exports/neutraliseCell';
import { xlsxContentType } from '../http/contentTypes';
import { dataOf, ZErrorBody } from '../http/schemas';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { fileResponse, multipartBody, ZBinary } from '../plugins/responses';
import { officeCondition } from '../resources/officeScope';
import { RecordsRefused } from '../resources/recordsRefused';
import { recordWrites } from '../resources/recordWrites';
import { checkRows, identityKey } from './checkRows';
import type { TImportBinding } from './importBinding';
import { createImportRuns, type TRowError } from './importRuns';
import { errorsWorkbook, headerMatcher, templateWorkbook } from './importWorkbooks';
import { readDataSheet } from './readWorkbook';
import { checkWorkbookBytes, workbookMaxBytes } from './workbookFile';

const ZRowError = z.object({
  row: z.number().int(),
  /** The field's key (stable for a client); null: the whole row. */
  column: z.string().nullable(),
  /** The column's header as the workbook reads (the words of the message). */
  header: z.string().nullable().optional(),
  message: z.string(),
});
const ZDryRun = z.object({
  token: z.string(),
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ZRowError),
  /** What the commit does with each valid row, in the sheet's order (rows with errors are not in it). */
  plan: z.array(ZImportPlanEntry),
  counts: ZImportCounts,
});
const ZCommitted = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.number().int(),
  /** The rows planned as duplicates the commit did not name: not written. */
  skipped: z.array(z.number().int()),
});
const ZToken = z.string().min(1).max(64);

/** A commit refused row by row: nothing written, the reasons listed. */
class RowsRefused extends Error {
  constructor(readonly errors: TRowError[]) {
    super('rows refused');
  }
}

const sendWorkbook = async (reply: FastifyReply, workbook: Workbook, filename: string) =>
  reply
    .type(xlsxContentType)
    .header('content-disposition', `attachment; filename="${filename}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(await workbookBytes(workbook));

/**
 * Bulk import from a workbook (issue 25, DESIGN.md section 8), for each importable resource:
 * `GET /upload/{name}/template`, `POST /upload/{name}/dry-run`, `GET /upload/{name}/errors/{token}`,
 * `POST /upload/{name}/commit`. Each needs the resource's write permission; rows are kept to the
 * user's office; a dry run belongs to its user.
 */
export const uploadRoutes =
  (imports: readonly TImportBinding[]): FastifyPluginAsyncZod =>
  async (app) => {
    // Only these routes take a workbook: one file, 20 MB (one byte more is read to tell 'too large').
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: workbookMaxBytes + 1, files: 1, fields: 5, parts: 6 },
    });
    // Kept in the database (issue 36): the commit and the errors workbook work on any process.
    const runs = createImportRuns(app.db, app.now);

    for (const imported of imports) {
      const { definition } = imported.binding;
      const base = `/upload/${imported.name}`;
      const permission = permissionFor(definition, 'write');
      const tags = ['upload'];
      const writes = recordWrites(imported.binding);
      const matchHeader = headerMatcher(imported);

      app.get(
        `${base}/template`,
        {
          config: { permission },
          schema: {
            tags,
            summary: `The workbook to fill in for importing ${imported.name}`,
            description:
              'One column per field (headers in Khmer and English), reference sheets (places by official ' +
              'code, head offices, countries, the reference lists) and lists offered in the cells.',
            produces: [xlsxContentType],
            response: { 200: fileResponse(`The template, ${imported.name}-template.xlsx`, xlsxContentType) },
          },
        },
        async (request, reply) =>
          sendWorkbook(
            reply,
            await templateWorkbook(app.db, imported, requestLocale(request), new Date(app.now())),
            `${imported.name}-template`,
          ),
      );

      app.post(
        `${base}/dry-run`,
        {
          // It answers row numbers and messages, no record: whoever may import receives it.
          config: { permission, answers: permission },
          schema: {
            tags,
            summary: `Check a workbook of ${imported.name}; nothing is written`,
            description:
              'multipart/form-data with one .xlsx (at most 20 MB, 10,000 rows) in the field `file`. Every row is ' +
              'checked as the form checks it; the answer keeps the check behind `token` (24 hours, this user) ' +
              'for the commit and the errors workbook. A file that is no workbook, protected by a password or ' +
              'that unpacks to too much is a 400; over 20 MB a 413.',
            consumes: ['multipart/form-data'],
            multipartBody: multipartBody({ file: ZBinary }),
            response: { 200: dataOf(ZDryRun), 413: ZErrorBody },
          },
        },
        async (request) => {
          if (!request.isMultipart()) throw fieldErrors((t) => t.validation.required({ label: 'file' }));
          const part = await request.file();
          if (!part) throw fieldErrors((t) => t.validation.required({ label: 'file' }));
          const bytes = await part.toBuffer();
          if (part.file.truncated || bytes.length > workbookMaxBytes)
            throw new ApiError(413, 'importTooLarge');
          const checked = await checkWorkbookBytes(bytes);
          const sheet = await readDataSheet(checked, matchHeader).catch((error: unknown) => {
            if (error instanceof ApiError) throw error;
            // What the parser could not read after the checks (a broken part): not a workbook.
            throw new ApiError(400, 'importNotWorkbook');
          });
          if (!sheet) throw new ApiError(400, 'importNoHeader');
          const actor = currentUser(request);
          const locale = requestLocale(request);
          const { rows, errors } = await checkRows(imported, sheet, {
            db: app.db,
            actor,
            now: app.now(),
            locale,
          });
          // A change needs the update permission too, as the edit page does.
          if (!hasPermission(actor, permissionFor(definition, 'update')))
            for (const row of rows)
              if (row.outcome === 'update') {
                row.outcome = 'error';
                errors.push({
                  row: row.row,
                  column: null,
                  header: null,
                  message: translator(request).server.noPermission(),
                });
              }
          const run = await runs.save({
            userId: actor.id,
            resource: imported.name,
            headers: sheet.headers,
            rows,
            errors,
          });
          const failing = new Set(errors.map((error) => error.row));
          const plan = rows.flatMap((row): TImportPlanEntry[] =>
            row.outcome === 'error' || failing.has(row.row)
              ? []
              : [
                  {
                    row: row.row,
                    action: row.outcome,
                    ...(row.target && (row.outcome === 'update' || row.outcome === 'unchanged')
                      ? { code: row.target.code }
                      : {}),
                    ...(row.duplicates ? { duplicates: row.duplicates } : {}),
                    ...(row.sameAsRow !== undefined ? { sameAsRow: row.sameAsRow } : {}),
                  },
                ],
          );
          return {
            data: {
              token: run.token,
              rows: rows.length,
              valid: rows.filter((row) => !failing.has(row.row)).length,
              errors,
              plan,
              counts: planCounts(plan),
            },
          };
        },
      );

      app.get(
        `${base}/errors/:token`,
        {
          config: { permission },
          schema: {
            tags,
            summary: `The checked workbook of ${imported.name} again, with a column of each row's errors`,
            params: z.object({ token: ZToken }),
            produces: [xlsxContentType],
            response: { 200: fileResponse(`${imported.name}-errors.xlsx`, xlsxContentType) },
          },
        },
        async (request, reply) => {
          const run = await runs.load(request.params.token, currentUser(request).id, imported.name);
          if (!run) throw new ApiError(404, 'importTokenUnknown');
          return sendWorkbook(
            reply,
            await errorsWorkbook(imported, run, requestLocale(request), new Date(app.now())),
            `${imported.name}-errors`,
          );
        },
      );

      app.post(
        `${base}/commit`,
        {
          // It answers the codes it wrote, which the importer typed or is given.
          config: { permission, answers: permission },
          schema: {
            tags,
            summary: `Write a checked workbook of ${imported.name}: all rows or none, in one transaction`,
            description:
              'Does what the dry run planned, and only that: creates the `create` rows, changes the `update` ' +
              'rows, skips the `duplicate` rows unless `createAnyway` names them (then `reason` is required and ' +
              "written on each such record's timeline). Refused (400) while the check found errors or when " +
              '`createAnyway` names a row not planned as a duplicate; refused (409, nothing written, the rows ' +
              'named) when a record changed or was added since the check. Commits that create records of one ' +
              'office are serialised (an advisory lock), so a record is created once. Answers the codes created ' +
              'and changed, and the rows skipped.',
            body: ZImportCommit,
            response: { 200: dataOf(ZCommitted), 404: ZErrorBody, 409: ZErrorBody },
          },
        },
        async (request) => {
          const actor = currentUser(request);
          const t = translator(request);
          const { token, createAnyway = [], reason } = request.body;
          const anyway = new Set(createAnyway);
          const why = reason?.trim() ?? '';
          if (anyway.size > 0 && why === '')
            throw fieldErrors((words) => words.validation.required({ label: 'reason' }));
          const claimed = await runs.claim(token, actor.id, imported.name);
          if (!claimed) throw new ApiError(404, 'importTokenUnknown');
          const { run } = claimed;
          try {
            const failing = new Set(run.errors.map((error) => error.row));
            if (failing.size > 0) throw new ApiError(400, 'importHasErrors', { count: failing.size });
            const planned = new Map(run.rows.map((row) => [row.row, row]));
            const notDuplicates = [...anyway].filter((row) => planned.get(row)?.outcome !== 'duplicate');
            if (notDuplicates.length > 0)
              throw new ApiError(400, 'importNotDuplicate', {
                rows: notDuplicates.sort((a, b) => a - b).join(', '),
              });
            const now = app.now();
            const codeHeader = run.headers.find((header) => matchHeader(header) === 'code') ?? 'code';
            const answer = await app.db.transaction(async (tx) => {
              const refused: TRowError[] = [];
              const columns = getTableColumns(imported.binding.table) as Record<string, PgColumn>;
              // The new records: the rows planned `create`, and the duplicates named (in the sheet's order).
              const creates = run.rows.filter(
                (row) => row.outcome === 'create' || (row.outcome === 'duplicate' && anyway.has(row.row)),
              );
              const skipped = run.rows
                .filter((row) => row.outcome === 'duplicate' && !anyway.has(row.row))
                .map((row) => row.row);
              if (creates.length > 0) {
                // One commit at a time per resource and office (issue 35): the check below then sees
                // what a commit before it created, so five commits of one workbook create it once.
                const offices = [...new Set(creates.map((row) => row.officeId ?? 0))].sort((a, b) => a - b);
                for (const office of offices)
                  await tx.execute(
                    sql`select pg_advisory_xact_lock(hashtext(${`import:${imported.name}`}), ${office}::int)`,
                  );
                // Added since the check: a record of the same identity kept now (importing twice at once).
                const kept = await tx
                  .select({
                    id: columns.id,
                    code: columns.code,
                    ...Object.fromEntries(imported.identity.map((field) => [field, columns[field]])),
                  })
                  .from(imported.binding.table)
                  .where(
                    and(
                      officeCondition(writes.officeColumn, actor),
                      columns.mergedIntoId ? isNull(columns.mergedIntoId) : undefined,
                    ),
                  );
                const byIdentity = new Map<string, typeof kept>();
                for (const record of kept) {
                  const key = identityKey(imported.identity, record);
                  byIdentity.set(key, [...(byIdentity.get(key) ?? []), record]);
                }
                for (const row of creates) {
                  // A duplicate created anyway is like the records it was shown: only another is new.
                  const known = new Set(row.duplicates?.map((match) => match.id));
                  const same = (byIdentity.get(row.identity ?? '') ?? []).find(
                    (record) => !known.has(Number(record.id)),
                  );
                  if (same)
                    refused.push({
                      row: row.row,
                      column: null,
                      message: t.server.upload.createdSince({ code: String(same.code) }),
                    });
                }
              }
              // Rows found unchanged must still be at the version the check saw.
              const unchanged = run.rows.filter((row) => row.outcome === 'unchanged' && row.target);
              if (unchanged.length > 0) {
                const versions = new Map(
                  (
                    await tx
                      .select({ id: columns.id, version: columns.version })
                      .from(imported.binding.table)
                      .where(
                        inArray(
                          columns.id,
                          unchanged.map((row) => row.target?.id as number),
                        ),
                      )
                      .for('update')
                  ).map((record) => [record.id, record.version]),
                );
                for (const row of unchanged)
                  if (versions.get(row.target?.id) !== row.target?.version)
                    refused.push({
                      row: row.row,
                      column: 'code',
                      message: t.server.upload.changedSince({
                        label: codeHeader,
                        code: row.target?.code ?? '',
                      }),
                    });
              }
              if (refused.length > 0) throw new RowsRefused(refused);
              const options = { actor, now, t };
              /** Why a row is refused at the commit: a record changed or gone since the check, or a rule. */
              const refusalMessage = (row: (typeof run.rows)[number], error: ApiError) =>
                error.statusCode === 409 || error.statusCode === 404
                  ? t.server.upload.changedSince({ label: codeHeader, code: row.target?.code ?? '' })
                  : (error.errors?.map((render) => render(t)).join(' ') ??
                    (t.server[error.messageKey] as (params: Record<string, unknown>) => string)(
                      error.params,
                    ));
              // The new records together, in the sheet's order (their codes follow it), as the form creates each.
              let created: string[] = [];
              try {
                const records = await writes.createMany(
                  tx,
                  creates.map((row) => row.body ?? {}),
                  options,
                );
                created = records.map((record) => String(record.code));
                // Each duplicate created anyway says why on its timeline, and which records it is not;
                // its pairs with them are kept as dismissed (as the form's create does): the review
                // list does not offer them again.
                const createdIdOfRow = new Map(
                  creates.map((row, index) => [row.row, Number(records[index].id)]),
                );
                const dismissed: Parameters<typeof dismissPairs>[2][number][] = [];
                const audits: ReturnType<typeof auditValues>[] = [];
                for (const [index, row] of creates.entries()) {
                  if (row.outcome !== 'duplicate') continue;
                  const id = Number(records[index].id);
                  for (const match of row.duplicates ?? [])
                    dismissed.push({ one: id, other: match.id, score: match.score, reasons: match.reasons });
                  const earlier = row.sameAsRow === undefined ? undefined : createdIdOfRow.get(row.sameAsRow);
                  if (earlier !== undefined) dismissed.push({ one: id, other: earlier });
                  audits.push(
                    auditValues({
                      userId: actor.id,
                      entity: getTableName(imported.binding.table),
                      entityId: id,
                      action: notDuplicateAction,
                      after: {
                        payload: {
                          reason: why,
                          notDuplicateOf: row.duplicates?.map((match) => match.code) ?? [],
                          ...(row.sameAsRow !== undefined ? { sameAsRow: row.sameAsRow } : {}),
                        },
                      },
                    }),
                  );
                }
                // Together, not a statement or two per row (10,000 rows created anyway).
                await dismissPairs(tx, imported.duplicateKind, dismissed, { userId: actor.id, reason: why });
                for (let start = 0; start < audits.length; start += 1000)
                  await tx.insert(auditLog).values(audits.slice(start, start + 1000));
                // The review list's pairs of the new records (issue 35), after the dismissals above:
                // a pair dismissed stays dismissed.
                await recordNewPairs(
                  tx,
                  imported.duplicateKind,
                  records.map((record) => Number(record.id)),
                );
              } catch (error) {
                if (!(error instanceof RecordsRefused)) throw error;
                throw new RowsRefused(
                  error.refusals.map(({ index, error: refusal }) => ({
                    row: creates[index].row,
                    column: null,
                    message: refusalMessage(creates[index], refusal),
                  })),
                );
              }
              // Changes one by one, each at the version the check saw.
              const updated: string[] = [];
              for (const row of run.rows) {
                if (row.outcome !== 'update' || !row.target) continue;
                try {
                  await writes.update(tx, row.target.id, row.target.version, row.body ?? {}, options);
                  updated.push(row.target.code);
                } catch (error) {
                  if (!(error instanceof ApiError)) throw error;
                  // A record changed, gone or refused since the check: the whole commit is refused.
                  throw new RowsRefused([
                    { row: row.row, column: null, message: refusalMessage(row, error) },
                  ]);
                }
              }
              // The run ends with the records it wrote: a token is spent exactly when they are kept.
              await claimed.done(tx);
              return { created, updated, unchanged: unchanged.length, skipped };
            });
            return { data: answer };
          } catch (error) {
            await claimed.release();
            if (error instanceof RowsRefused)
              throw new ApiError(
                409,
                'importChanged',
                {},
                {},
                error.errors.map(
                  (refusal) => (words) =>
                    words.server.upload.rowLabel({ row: refusal.row, message: refusal.message }),
                ),
              );
            throw error;
          }
        },
      );
    }
  };
