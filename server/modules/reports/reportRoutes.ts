import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { ZReportAnswer } from '../../../src/domain/reports/reportAnswer';
import { reportPeriod, ZReportQuery } from '../../../src/domain/reports/reportQuery';
import { withoutJit } from '../../db/withoutJit';
import { fieldErrors } from '../../errors';
import { errorResponses } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';
import { readSettings } from '../../settings/readSettings';
import { childReport } from './childReport';
import { parentReport } from './parentReport';

/**
 * The programme's figures (issue 24, DESIGN.md section 6): `GET /reports/children`, counted in the
 * database at each request (`asOf` is the answer's time) within the user's office scope.
 */
const querystring = ZReportQuery;
const reports = [
  {
    path: '/reports/children',
    summary:
      "The children's report: indicators, breakdowns by province, sex, age band and disability, 12 months",
    description:
      'Filters: from, to (yyyy-mm-dd, the last 12 months by default), provinceId and headOfficeId (of the ' +
      "record's head office), sex, ageBand (0-2, 3-5, 6-11, 12-17, the age today), disability (true/false). " +
      'A provincial user counts its office only.',
    count: childReport,
  },
  {
    path: '/reports/parents',
    summary: "The parents' report: indicators, breakdowns by province and first applicant's sex, 12 months",
    description:
      'Filters: from, to (yyyy-mm-dd, the last 12 months by default), provinceId and headOfficeId (of the ' +
      "application's head office; a matching's own for the families matched); sex, ageBand and disability " +
      "are a child's and change nothing here. A provincial user counts its office only.",
    count: parentReport,
  },
] as const;

/**
 * The programme's figures (issue 24, DESIGN.md section 6): `GET /reports/children` and
 * `GET /reports/parents`, counted in the database at each request (`asOf` is the answer's time)
 * within the user's office scope.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const report of reports)
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
      async (request) => {
        const user = currentUser(request);
        const now = new Date(app.now());
        const today = isoDateIn(now);
        const period = reportPeriod(request.query, today);
        if (period.from > period.to) throw fieldErrors((t) => t.server.reportPeriodOrder());
        const settings = await readSettings(app.db);
        const figures = await withoutJit(app.db, (db) =>
          report.count({ db, query: request.query, period, today, officeScope: user.officeScope, settings }),
        );
        return { data: { period, asOf: now.toISOString(), ...figures } };
      },
    );
};
