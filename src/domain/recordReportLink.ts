import type { TRecordReportKind } from './recordReport';

/**
 * Where a record's printable report is (spec section 2): `/reports/child/show/{id}`,
 * `/reports/parents/show/{id}`. Apart from the answer's schemas (recordReport.ts): the feature's
 * routes (in every page's first download) and the record pages' links need only these.
 */
export const recordReportBase: Record<TRecordReportKind, string> = {
  child: '/reports/child/show',
  parent: '/reports/parents/show',
};
export const recordReportPath = (kind: TRecordReportKind, id: unknown): string =>
  `${recordReportBase[kind]}/${String(id)}`;

/**
 * 'Printable report' beside a child's or an application's actions (and in the palette): its
 * report's page, which asks the same read permission as the record's page.
 */
export const recordReportLink = (
  kind: TRecordReportKind,
  record: Record<string, unknown>,
  LL: { recordReport: { link: () => string } },
) => [
  {
    id: 'record-report',
    title: LL.recordReport.link(),
    icon: 'printer',
    path: recordReportPath(kind, record.id),
  },
];
