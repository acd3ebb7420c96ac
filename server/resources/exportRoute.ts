import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import { isoDateIn } from '../../src/domain/programmeTime';
import { permissionFor } from '../../src/domain/resource';
import { csvField, workbookBytes } from '../exports/neutraliseCell';
import { xlsxContentType } from '../http/contentTypes';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { fileResponse } from '../plugins/responses';
import type { TExportBinding } from './exportBinding';
import { officeCondition } from './officeScope';
import { filterSchema, joinedTo, listQueryParts, type TResourceBinding } from './resourceRoutes';

/** The export holds the whole filtered list, up to this many rows (a bigger list is cut, not refused). */
export const exportMaxRows = 10_000;

/**
 * A resource's export (the resource engine's): the list's search, filters, sort and office scope,
 * every matching row up to `exportMaxRows`, as an Excel workbook (dates as date cells, the header
 * row frozen) or a UTF-8 CSV with a BOM (so Excel shows Khmer), headings and values in the request's
 * language. Guarded by the list's permission.
 */
export const exportRoute =
  (binding: TResourceBinding & { export: TExportBinding }): FastifyPluginAsyncZod =>
  async (app) => {
    const { definition, export: exported } = binding;
    const columns = getTableColumns(binding.table) as Record<string, PgColumn>;
    const officeColumn = definition.officeScope ? columns[definition.officeScope] : undefined;
    const selection = Object.fromEntries(
      exported.columns
        .flatMap((column) => [column.key, ...(column.reads ?? [])])
        .map((key) => [key, binding.selection[key]]),
    ) as Record<string, PgColumn>;
    const ZExportQuery = ZListQueryBase.pick({ search: true, order: true }).extend({
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
      sort: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z.enum(Object.keys(binding.sort) as [string, ...string[]]).optional(),
      ),
      ...filterSchema(definition),
    });

    app.get(
      `${definition.apiBase}/export`,
      {
        config: { permission: permissionFor(definition, 'read') },
        schema: {
          tags: [definition.name],
          summary: `The filtered ${definition.name} list as an Excel workbook or a CSV file`,
          description:
            `The list's search, filters and sort; every matching row up to ${exportMaxRows}. ` +
            "Headings and values in the `locale` header's language. CSV is UTF-8 with a BOM so that " +
            'Excel shows Khmer. Failures answer JSON.',
          querystring: ZExportQuery,
          produces: [xlsxContentType, 'text/csv'],
          // The file itself; the failures (400, 401, 403) are declared for every route of its kind.
          response: {
            200: fileResponse(
              'The workbook (`format=xlsx`, the default) or the CSV file (`format=csv`)',
              xlsxContentType,
              'text/csv',
            ),
          },
        },
      },
      async (request, reply) => {
        const query = request.query as z.infer<typeof ZExportQuery> & Record<string, unknown>;
        const locale: TRouteLocale = requestLocale(request);
        const t = translator(request);
        const user = currentUser(request);
        const { where, order } = listQueryParts(
          binding,
          query,
          locale,
          officeCondition(officeColumn, user),
          user,
        );
        const rows = (await joinedTo(binding, app.db.select(selection).from(binding.table).$dynamic())
          .where(where)
          .orderBy(...order)
          .limit(exportMaxRows)) as unknown as Record<string, unknown>[];
        const headings = exported.columns.map((column) => column.heading(t));
        const cells = rows.map((row) =>
          exported.columns.map((column) => {
            const value = row[column.key];
            return column.value ? column.value(value, t, locale, row) : (value ?? '');
          }),
        );
        // Named with the day in Phnom Penh (the programme's), not the server's UTC day. The CSV keeps
        // dates as yyyy-mm-dd: every spreadsheet reads that as a date, whatever its locale.
        const filename = `${exported.filename}-${isoDateIn(new Date(app.now()))}.${query.format}`;
        if (query.format === 'csv') {
          const lines = [headings, ...cells].map((line) => line.map(csvField).join(','));
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${filename}"`)
            .header('cache-control', 'no-store')
            .send(`\uFEFF${lines.join('\r\n')}\r\n`);
        }
        // Loaded with the first export, not at start (issue 11).
        const { default: ExcelJS } = await import('exceljs');
        const workbook = new ExcelJS.Workbook();
        workbook.creator = 'Adoption back office';
        workbook.created = new Date(app.now());
        const sheet = workbook.addWorksheet(exported.sheetTitle[locale], {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        sheet.columns = exported.columns.map((column, index) => ({
          header: headings[index],
          width: column.width,
        }));
        sheet.getRow(1).font = { bold: true };
        // Dates are date cells (sortable, filterable), shown dd-mm-yyyy as every date is (spec section 5).
        exported.columns.forEach((column, index) => {
          if (column.date) sheet.getColumn(index + 1).numFmt = 'dd-mm-yyyy';
        });
        for (const line of cells) {
          sheet.addRow(
            line.map((cell, index) =>
              exported.columns[index].date && typeof cell === 'string' && cell
                ? new Date(`${cell}T00:00:00Z`)
                : cell,
            ),
          );
        }
        const bytes = await workbookBytes(workbook);
        return reply
          .type(xlsxContentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );
  };
