import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TRouteLocale } from '../../../src/domain/locale';
import { referenceListTitles } from '../../../src/domain/referenceListTitles';
import type { TTranslatable } from '../../../src/domain/translatable';
import { referenceItems } from '../../db/schema';
import { referenceListNames, type TReferenceListName } from '../../db/schema/reference';
import { workbookBytes } from '../../exports/neutraliseCell';
import { xlsxContentType } from '../../http/contentTypes';
import { requestLocale } from '../../plugins/locale';
import { fileResponse } from '../../plugins/responses';

/** Sheet titles per list (src/domain/referenceListTitles.ts): every list has one. */
const listTitles: Record<TReferenceListName, TTranslatable> = referenceListTitles;
const columnHeadings: Record<TRouteLocale, [string, string, string]> = {
  kh: ['កូដ', 'ឈ្មោះជាភាសាខ្មែរ', 'ឈ្មោះជាភាសាអង់គ្លេស'],
  en: ['Code', 'Khmer name', 'English name'],
};

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories/excel',
    {
      config: { permission: 'reference_lists:read' },
      schema: {
        tags: ['reference lists'],
        summary: 'The reference lists as an Excel workbook (categories.xlsx)',
        description:
          'One sheet per list (family types, living with, keeping reasons, child disabilities, health ' +
          'status) with the columns code, Khmer name and English name: the active items in their ' +
          'order. Sheet titles and headings follow the `locale` header. Failures answer JSON.',
        produces: [xlsxContentType],
        response: { 200: fileResponse('The workbook, categories.xlsx', xlsxContentType) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      // Loaded with the first export, not at start (issue 11).
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Adoption back office';
      workbook.created = new Date(app.now());
      for (const list of referenceListNames) {
        const items = await app.db
          .select({ code: referenceItems.code, name: referenceItems.name })
          .from(referenceItems)
          .where(and(eq(referenceItems.list, list), eq(referenceItems.active, true)))
          .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.code));
        const sheet = workbook.addWorksheet(listTitles[list][locale], {
          views: [{ state: 'frozen', ySplit: 1 }],
        });
        sheet.columns = columnHeadings[locale].map((header, index) => ({
          header,
          width: index === 0 ? 24 : 40,
        }));
        sheet.getRow(1).font = { bold: true };
        for (const item of items) sheet.addRow([item.code, item.name.kh, item.name.en]);
      }
      const bytes = await workbookBytes(workbook);
      return reply
        .type(xlsxContentType)
        .header('content-disposition', 'attachment; filename="categories.xlsx"')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
