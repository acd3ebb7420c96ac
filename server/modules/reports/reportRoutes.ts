import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { childArea } from '../../../src/domain/areas/child.area';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { reportTarget } from '../../../src/domain/reports/report.settings';
import { type TReportAnswer, ZReportAnswer } from '../../../src/domain/reports/reportAnswer';
import { childReportCatalogue, parentReportCatalogue } from '../../../src/domain/reports/reportCatalogue';
import { childReportListPath, parentReportListPath } from '../../../src/domain/reports/reportListPaths';
import {
  isReportPeriodInRange,
  reportPeriod,
  type TReportQuery,
  ZReportQuery,
} from '../../../src/domain/reports/reportQuery';
import type { TTranslatable } from '../../../src/domain/translatable';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { headOffices, provinces } from '../../db/schema';
import { withoutJit } from '../../db/withoutJit';
import { fieldErrors } from '../../errors';
import { xlsxContentType } from '../../http/contentTypes';
import { errorResponses } from '../../http/schemas';
import { requestLocale, translator } from '../../plugins/locale';
import { currentUser } from '../../plugins/permissions';
import { fileResponse } from '../../plugins/responses';
import { readSettings } from '../../settings/readSettings';
import { childReport } from './childReport';
import { parentReport } from './parentReport';
import { reportWorkbook } from './reportWorkbook';

/**
 * The programme's figures (issue 24, DESIGN.md section 6): `GET /reports/children`, read from the
 * kept counts (kept by the records' own transactions since issue 37: `asOf` is the request's time)
 * within the user's office scope.
 */
const querystring = ZReportQuery;
const reports = [
  {
    path: '/reports/children',
    summary:
      "The children's report: indicators, breakdowns by province, sex, age band and disability, the period's months",
    description:
      'Filters: from, to (yyyy-mm-dd from 1900-01-01 to 2100-12-31; by default the 12 months up to today, ' +
      "from the first of the month 11 months before), provinceId and headOfficeId (of the record's head " +
      'office), sex, ageBand (0-2, 3-5, 6-11, 12-17, the age today), disability (true/false). ' +
      "The series has each month the period touches, counting only the period's days. " +
      'A provincial user counts its office only.',
    count: childReport,
    listPath: childReportListPath,
    title: (t: TranslationFunctions) => t.reports.export.titleChildren(),
    catalogue: childReportCatalogue,
    statusArea: childArea,
    filterKeys: ['sex', 'ageBand', 'disability'],
    breakdownKeys: ['province', 'sex', 'ageBand', 'disability'],
    sexOf: 'child',
    filename: 'children-report',
  },
  {
    path: '/reports/parents',
    summary:
      "The parents' report: indicators, breakdowns by province and first applicant's sex, the period's months",
    description:
      'Filters: from, to (yyyy-mm-dd from 1900-01-01 to 2100-12-31; by default the 12 months up to today), ' +
      "provinceId and headOfficeId (of the application's head office), sex (the first applicant's); " +
      "ageBand and disability are a child's and change nothing here. The series has each month the " +
      "period touches, counting only the period's days. A provincial user counts its office only.",
    count: parentReport,
    listPath: parentReportListPath,
    title: (t: TranslationFunctions) => t.reports.export.titleParents(),
    catalogue: parentReportCatalogue,
    statusArea: parentArea,
    // An application has no child yet: no age band, no disability; its sex is the first applicant's.
    filterKeys: ['sex'],
    breakdownKeys: ['province', 'sex'],
    sexOf: 'applicant',
    filename: 'parents-report',
  },
] as const;

/**
 * The programme's figures (issue 24, DESIGN.md section 6): `GET /reports/children` and
 * `GET /reports/parents`, read from the kept counts (as of the request, issue 37) and today's counted
 * live, within the user's office scope; and each as an Excel workbook (`.xlsx`), built from that answer.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A report's answer to a request: its figures, each with its list and its target where set. */
  const answerOf = async (
    report: (typeof reports)[number],
    request: FastifyRequest<{ Querystring: TReportQuery }>,
  ): Promise<TReportAnswer['data']> => {
    const user = currentUser(request);
    const now = new Date(app.now());
    const today = isoDateIn(now);
    const period = reportPeriod(request.query, today);
    if (!isReportPeriodInRange(period)) throw fieldErrors((t) => t.server.reportDayRange());
    if (period.from > period.to) throw fieldErrors((t) => t.server.reportPeriodOrder());
    const settings = await readSettings(app.db);
    // The kept counts are the records' own (reportSummaries.ts: kept by the transactions that
    // change them), so the answer is as of now; one read-only snapshot without JIT
    // (server/db/withoutJit.ts): JIT spent seconds compiling these aggregates.
    const { asOf, ...counted } = await withoutJit(app.db, async (db) => ({
      asOf: now,
      ...(await report.count({
        db,
        query: request.query,
        period,
        today,
        officeScope: user.officeScope,
        settings,
      })),
    }));
    // Each figure opens its list (issue 24): the address of the records it counts, where one can;
    // a timeliness figure carries its target where the settings set one.
    const listContext = { today, stageExpectedDays: settings.stageExpectedDays };
    const indicators = counted.indicators.map((indicator) => {
      const listPath = report.listPath(indicator.key, period, request.query, listContext);
      const target = reportTarget(settings, indicator.key);
      return {
        ...indicator,
        ...(target === undefined ? {} : { target }),
        ...(listPath ? { listPath } : {}),
      };
    });
    // Each month's figures open their list too: the figure's list over that month's days (issue 35).
    const series = counted.series.map((month) => {
      const listPaths = Object.fromEntries(
        Object.keys(month.values).flatMap((key) => {
          const path = report.listPath(key, month, request.query, listContext);
          return path ? [[key, path]] : [];
        }),
      );
      return { ...month, listPaths };
    });
    return { period, asOf: asOf.toISOString(), ...counted, indicators, series };
  };

  for (const report of reports) {
    app.get(
      report.path,
      {
        config: { permission: 'adopted_child_reports:read' },
        schema: {
          tags: ['reports'],
          summary: report.summary,
          description: report.description,
          querystring,
          response: { 200: ZReportAnswer, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ data: await answerOf(report, request) }),
    );

    app.get(
      `${report.path}.xlsx`,
      {
        config: { permission: 'adopted_child_reports:read' },
        schema: {
          tags: ['reports'],
          summary: `${report.summary}, as an Excel workbook`,
          description:
            `${report.description} One sheet per part: the indicators with their definitions and the ` +
            'filters at the top, each breakdown the report has, each month of the period with its days; numbers and dates as such, words in the ' +
            "`locale` header's language. Failures answer JSON.",
          querystring,
          produces: [xlsxContentType],
          response: {
            200: fileResponse('The workbook', xlsxContentType),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const data = await answerOf(report, request);
        const locale = requestLocale(request);
        const placeName = async (table: typeof provinces | typeof headOffices, id?: number) => {
          if (id === undefined) return undefined;
          const [row] = await app.db.select({ name: table.name }).from(table).where(eq(table.id, id));
          return row ? (row.name as TTranslatable)[locale] : String(id);
        };
        const bytes = await reportWorkbook({
          data,
          title: report.title,
          catalogue: report.catalogue,
          statusArea: report.statusArea,
          filterKeys: report.filterKeys,
          breakdownKeys: report.breakdownKeys,
          sexOf: report.sexOf,
          query: request.query,
          placeNames: {
            province: await placeName(provinces, request.query.provinceId),
            headOffice: await placeName(headOffices, request.query.headOfficeId),
          },
          t: translator(request),
          locale,
          now: new Date(app.now()),
        });
        const filename = `${report.filename}-${isoDateIn(new Date(app.now()))}.xlsx`;
        return reply
          .type(xlsxContentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );
  }
};
