import { and, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnText, dictionaryLabels, valueAtPath } from '../../src/domain/columnText';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import { isoDateIn } from '../../src/domain/programmeTime';
import { permissionFor, type TColumnDef } from '../../src/domain/resource';
import { shownColumnIds } from '../../src/domain/savedViews';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { wordOf } from '../../src/i18n/wordOf';
import { csvField, workbookBytes } from '../exports/neutraliseCell';
import { xlsxContentType } from '../http/contentTypes';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { fileResponse } from '../plugins/responses';
import { joinedTo } from './bindingColumns';
import type { TExportColumn } from './exportBinding';
import { exportMaxRows, idKeyField, readInChunks, sortKeyField } from './exportChunks';
import { filterSchema, listQueryParts } from './listQueryParts';
import { officeCondition } from './officeScope';
import type { TResourceBinding } from './resourceBinding';

export { exportMaxRows } from './exportChunks';

/** One column of the file: what it is called, what it reads of the row, how its cell is written. */
type TFileColumn = {
  /** A column id of the list (`columns=` names them) or a key of the declared export. */
  id: string;
  heading: (t: TranslationFunctions) => string;
  /** Selection keys the cell reads; `all` for a column worded from the whole row. */
  reads: readonly string[] | 'all';
  cell: (row: Record<string, unknown>, t: TranslationFunctions, locale: TRouteLocale) => unknown;
  date?: boolean;
  width: number;
};

const declaredColumn = (column: TExportColumn): TFileColumn => ({
  id: column.key,
  heading: column.heading,
  reads: [column.key, ...(column.reads ?? [])],
  cell: (row, t, locale) => {
    const value = row[column.key];
    return column.value ? column.value(value, t, locale, row) : (value ?? '');
  },
  date: column.date,
  width: column.width,
});

/** Width in the workbook by what a column holds, in characters. */
const widthOf = (column: TColumnDef, main: boolean) =>
  main
    ? 32
    : column.kind === 'date'
      ? 14
      : column.kind === 'number'
        ? 10
        : column.kind === 'dateTime'
          ? 18
          : 24;

/**
 * A list column as a file column, from the resource's description: its header's words, its cell's
 * words as the list shows them (src/domain/columnText.ts); a day stays a day (a date cell), a number
 * a number.
 */
const describedColumn = (column: TColumnDef, main: boolean): TFileColumn => {
  const path = column.path ?? column.key;
  return {
    id: column.key,
    heading: (t) => dictionaryLabels(t).labelOf(column.label ?? column.key),
    reads: column.text ? 'all' : [path.split('.')[0]],
    cell: (row, t, locale) => {
      if (!column.text && column.kind === 'date') {
        // A day (yyyy-mm-dd), or an instant (a user's last change): its day where the programme works.
        const value = valueAtPath(row, path);
        if (value instanceof Date) return isoDateIn(value);
        return typeof value === 'string' ? value.slice(0, 10) : '';
      }
      if (!column.text && column.kind === 'number') return valueAtPath(row, path) ?? '';
      const { labelOf, optionLabel } = dictionaryLabels(t);
      return columnText(column, row, locale, optionLabel, labelOf, t);
    },
    date: column.kind === 'date' && !column.text,
    width: widthOf(column, main),
  };
};

/**
 * The ids a `columns` parameter names, in the list address's own form (src/domain/savedViews.ts,
 * `columnsParam`): ids separated by commas, `-id` hidden, `id:120` a width; null when a part is not
 * of that form.
 */
const namedIds = (value: string) => {
  const ids: string[] = [];
  for (const part of value.split(',')) {
    const match = /^-?([A-Za-z][A-Za-z0-9_.]*)(?::\d{1,4})?$/.exec(part.trim());
    if (!match) return null;
    ids.push(match[1]);
  }
  return ids;
};

/**
 * A resource's export (the resource engine's, for every list it serves): the list's search, filters,
 * sort and office scope, every matching row up to `exportMaxRows`, as an Excel workbook (dates as date
 * cells, the header row frozen) or a UTF-8 CSV with a BOM (so Excel shows Khmer), headings and values
 * in the request's language. The columns: with `columns` (the list's address, a saved view's), those
 * the grid shows for it, in its order (`shownColumnIds`: the named ones first, the list's others after,
 * hidden ones and the photo left out); without, the export's declared ones, else the list's own.
 * Guarded by the list's permission.
 */
export const exportRoute =
  (binding: TResourceBinding): FastifyPluginAsyncZod =>
  async (app) => {
    const { definition } = binding;
    const declared = binding.export;
    const columns = getTableColumns(binding.table) as Record<string, PgColumn>;
    const officeColumn = definition.officeScope ? columns[definition.officeScope] : undefined;
    const idColumn = columns.id;
    const shown = definition.columns.filter((column) => column.kind !== 'photo');
    const mainColumn = shown.reduce<TColumnDef | undefined>(
      (best, column) => ((column.flex ?? 0) > (best?.flex ?? 0) ? column : best),
      undefined,
    );
    const described = shown.map((column) => describedColumn(column, column === mainColumn));
    const defaultColumns = declared ? declared.columns.map(declaredColumn) : described;
    // A column asked for by id: the declared export's (its words, its width) before the list's.
    const byId = new Map<string, TFileColumn>(
      [...described, ...(declared ? declared.columns.map(declaredColumn) : [])].map((column) => [
        column.id,
        column,
      ]),
    );
    /** The grid's columns (the photo too: an address may name it), and the declared export's others. */
    const listIds = definition.columns.map((column) => column.key);
    const extraIds = (declared?.columns ?? [])
      .map((column) => column.key)
      .filter((id) => !listIds.includes(id));
    const nameable = new Set([...listIds, ...extraIds]);
    /** The file's columns for a `columns` parameter: what the grid shows for that address. */
    const fileColumnsOf = (value: string) =>
      shownColumnIds(value, listIds, extraIds).flatMap((id) => {
        const column = byId.get(id);
        return column ? [column] : [];
      });
    /** The sheet's name: the declared one, else the list's (its resource's plural), as Excel allows one. */
    const sheetTitle = (t: TranslationFunctions, locale: TRouteLocale) =>
      (declared?.sheetTitle[locale] ?? (wordOf(t.resources, definition.name)?.many() || definition.name))
        .replace(/[[\]:*?/\\]/g, ' ')
        .slice(0, 31);
    const filename = declared?.filename ?? definition.apiBase.split('/').filter(Boolean).join('-');
    const ZExportQuery = ZListQueryBase.pick({ search: true, order: true }).extend({
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
      sort: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z.enum(Object.keys(binding.sort) as [string, ...string[]]).optional(),
      ),
      columns: z
        .preprocess(
          (value) => (value === '' ? undefined : value),
          z
            .string()
            .max(2000)
            .refine((value) => {
              // Every id one the list (or its declared export) has; at least one column left to write.
              const asked = namedIds(value);
              return asked?.every((id) => nameable.has(id)) === true && fileColumnsOf(value).length > 0;
            })
            .optional(),
        )
        .meta({
          description:
            "The list's columns as its address writes them (`-id`: hidden, left out; `id:120`: a width, ignored): the file has the columns the grid shows for it, " +
            "those named first in their order, the list's others after in theirs (the photo left out); absent: the export's own. " +
            `Each one of: ${[...nameable].join(', ')}.`,
        }),
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
        const fileColumns = query.columns ? fileColumnsOf(query.columns) : defaultColumns;
        const readsAll = fileColumns.some((column) => column.reads === 'all');
        const keys = new Set(fileColumns.flatMap((column) => (column.reads === 'all' ? [] : column.reads)));
        const selection = (
          readsAll
            ? binding.selection
            : Object.fromEntries([...keys].map((key) => [key, binding.selection[key]]))
        ) as Record<string, PgColumn>;
        const { where, order, sortBy, descending } = listQueryParts(
          binding,
          query,
          locale,
          officeCondition(officeColumn, user),
          user,
        );
        const rows = await readInChunks({
          idColumn,
          sortBy,
          descending,
          read: async (after, limit) =>
            (await joinedTo(
              binding,
              app.db
                .select({ ...selection, [sortKeyField]: sortBy, [idKeyField]: idColumn })
                .from(binding.table)
                .$dynamic(),
            )
              .where(and(where, after))
              .orderBy(...order)
              .limit(limit)) as unknown as Record<string, unknown>[],
        });
        const headings = fileColumns.map((column) => column.heading(t));
        const cells = rows.map((row) => fileColumns.map((column) => column.cell(row, t, locale)));
        // Named with the day in Phnom Penh (the programme's), not the server's UTC day. The CSV keeps
        // dates as yyyy-mm-dd: every spreadsheet reads that as a date, whatever its locale.
        const file = `${filename}-${isoDateIn(new Date(app.now()))}.${query.format}`;
        if (query.format === 'csv') {
          const lines = [headings, ...cells].map((line) => line.map(csvField).join(','));
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file}"`)
            .header('cache-control', 'no-store')
            .send(`\uFEFF${lines.join('\r\n')}\r\n`);
        }
        // Loaded with the first export, not at start (issue 11).
        const { default: ExcelJS } = await import('exceljs');
        const workbook = new ExcelJS.Workbook();
        workbook.creator = 'Adoption back office';
        workbook.created = new Date(app.now());
        const sheet = workbook.addWorksheet(sheetTitle(t, locale), {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        sheet.columns = fileColumns.map((column, index) => ({
          header: headings[index],
          width: column.width,
        }));
        sheet.getRow(1).font = { bold: true };
        // Dates are date cells (sortable, filterable), shown dd-mm-yyyy as every date is (spec section 5).
        fileColumns.forEach((column, index) => {
          if (column.date) sheet.getColumn(index + 1).numFmt = 'dd-mm-yyyy';
        });
        for (const line of cells) {
          sheet.addRow(
            line.map((cell, index) =>
              fileColumns[index].date && typeof cell === 'string' && cell
                ? new Date(`${cell}T00:00:00Z`)
                : cell,
            ),
          );
        }
        const bytes = await workbookBytes(workbook);
        return reply
          .type(xlsxContentType)
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );
  };
