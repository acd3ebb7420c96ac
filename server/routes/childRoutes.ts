import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { childSexText, childStatusText } from '../../src/domain/childLabels';
import { isoDateIn } from '../../src/domain/childStatus';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import { childResource } from '../../src/domain/resources/child';
import type { TTranslatable } from '../../src/domain/translatable';
import { childInfos, headOffices, referenceItems, users } from '../db/schema';
import type { TReferenceListName } from '../db/schema/reference';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { childBinding, nextChildCode } from '../resources/childBinding';
import { officeCondition } from '../resources/officeScope';
import { filterSchema, joinedTo, listQueryParts } from '../resources/resourceRoutes';
import { xlsxContentType } from './categories';
import { dataOf, errorResponses } from './schemas';

const tags = ['child'];

/** The shared reference lookups of the child and parent forms (spec section 7), by path. */
const referenceLookups: [path: string, list: TReferenceListName][] = [
  ['/family-types', 'family_types'],
  ['/living-with', 'living_with'],
  ['/keeping-reasons', 'keeping_reasons'],
  ['/child-disabilities', 'child_disabilities'],
  ['/health-status', 'health_status'],
];

const ZTranslatable = z.object({ kh: z.string(), en: z.string() });
const ZOption = z.object({ id: z.number().int(), code: z.string(), name: ZTranslatable });
const ZHeadOfficeOfUser = z.object({
  id: z.number().int(),
  code: z.string(),
  name: ZTranslatable,
  class: z.string(),
});

/** The export holds the whole filtered list, up to this many rows (a bigger list is cut, not refused). */
export const childExportMaxRows = 10_000;

const sheetTitles: TTranslatable = { kh: 'កុមារ', en: 'Children' };

const ZExportQuery = ZListQueryBase.pick({ search: true, order: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  sort: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(Object.keys(childBinding.sort) as [string, ...string[]]).optional(),
  ),
  ...filterSchema(childResource),
});

/** One CSV field: quoted when it must be, and never read by a spreadsheet as a formula. */
const csvField = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

type TExportRow = Record<string, unknown> & {
  birthProvince: { name: TTranslatable | null } | null;
  headOffice: { name: TTranslatable };
};

/** What the export reads of each row: its columns only (the list's row is four times wider). */
const exportedKeys = [
  'code',
  'nameKh',
  'nameEn',
  'sex',
  'dateOfBirth',
  'age',
  'birthProvince',
  'headOffice',
  'status',
] as const;
const exportSelection = Object.fromEntries(
  exportedKeys.map((key) => [key, (childBinding.selection as Record<string, PgColumn>)[key]]),
) as Record<string, PgColumn>;

/** Child lookups, the next doc number, the user's head office, the export (issue 5). */
export const childRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/child-infos/get-child-doc-number',
    {
      config: { permission: 'adoptive_children:write' },
      schema: {
        tags,
        summary: 'The code the next child record would get (informational: the create assigns it)',
        response: { 200: dataOf(z.object({ code: z.string() })), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const year = isoDateIn(new Date(app.now())).slice(0, 4);
      return { data: { code: await nextChildCode(app.db, year) } };
    },
  );

  app.get(
    '/child-infos/head-office-user',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's head office (the default of a new child's), or null",
        response: { 200: dataOf(ZHeadOfficeOfUser.nullable()), ...errorResponses(401) },
      },
    },
    async (request) => {
      const [office] = await app.db
        .select({
          id: headOffices.id,
          code: headOffices.code,
          name: headOffices.name,
          class: headOffices.class,
        })
        .from(users)
        .innerJoin(headOffices, eq(headOffices.id, users.headOfficeId))
        .where(eq(users.id, currentUser(request).id))
        .limit(1);
      return { data: office ?? null };
    },
  );

  for (const [path, list] of referenceLookups) {
    app.get(
      path,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: `Active items of the ${list} reference list, in their order`,
          response: { 200: dataOf(z.array(ZOption)), ...errorResponses(401) },
        },
      },
      async () => {
        const rows = await app.db
          .select({ id: referenceItems.id, code: referenceItems.code, name: referenceItems.name })
          .from(referenceItems)
          .where(and(eq(referenceItems.list, list), eq(referenceItems.active, true)))
          .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.code), asc(referenceItems.id));
        return { data: rows };
      },
    );
  }

  app.get(
    '/child-infos/export',
    {
      config: { permission: 'adoptive_children:read' },
      schema: {
        tags,
        summary: 'The filtered child list as an Excel workbook or a CSV file',
        description:
          `The list's search, filters and sort; every matching row up to ${childExportMaxRows}. ` +
          "Headings and values in the `locale` header's language. CSV is UTF-8 with a BOM so that " +
          'Excel shows Khmer. Failures answer JSON.',
        querystring: ZExportQuery,
        produces: [xlsxContentType, 'text/csv'],
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof ZExportQuery> & Record<string, unknown>;
      const locale: TRouteLocale = requestLocale(request);
      const t = translator(request);
      // The list's own rows: its search, filters and sort, every page.
      const { where, order } = listQueryParts(
        childBinding,
        query,
        locale,
        officeCondition(childInfos.headOfficeId, currentUser(request)),
      );
      const rows = (await joinedTo(
        childBinding,
        app.db.select(exportSelection).from(childBinding.table).$dynamic(),
      )
        .where(where)
        .orderBy(...order)
        .limit(childExportMaxRows)) as unknown as TExportRow[];

      const headings = [
        t.fields.code(),
        t.fields.nameKh(),
        t.fields.nameLatin(),
        t.fields.sex(),
        t.fields.dateOfBirth(),
        t.fields.age(),
        t.fields.province(),
        t.fields.headOffice(),
        t.fields.status(),
      ];
      const cells = rows.map((row) => [
        row.code,
        row.nameKh ?? '',
        row.nameEn ?? '',
        childSexText(t, String(row.sex)),
        row.dateOfBirth,
        row.age,
        row.birthProvince?.name?.[locale] ?? '',
        row.headOffice.name[locale],
        childStatusText(t, String(row.status)),
      ]);
      // Named with the day in Phnom Penh (the programme's), not the server's UTC day. The CSV keeps
      // dates as yyyy-mm-dd: every spreadsheet reads that as a date, whatever its locale.
      const filename = `children-${isoDateIn(new Date(app.now()))}.${query.format}`;

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
      const sheet = workbook.addWorksheet(sheetTitles[locale], {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = headings.map((header, index) => ({
        header,
        width: [18, 28, 28, 10, 14, 8, 24, 28, 18][index],
      }));
      sheet.getRow(1).font = { bold: true };
      // Dates are date cells (sortable, filterable), shown dd-mm-yyyy as every date is (spec section 5).
      const dateColumn = headings.indexOf(t.fields.dateOfBirth()) + 1;
      sheet.getColumn(dateColumn).numFmt = 'dd-mm-yyyy';
      for (const line of cells) {
        const birth = line[dateColumn - 1];
        sheet.addRow(
          line.map((cell, index) =>
            index === dateColumn - 1 && typeof birth === 'string' ? new Date(`${birth}T00:00:00Z`) : cell,
          ),
        );
      }
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .type(xlsxContentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
