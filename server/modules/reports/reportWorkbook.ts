import type { TAreaDefinition } from '../../../src/domain/areas/area';
import { areaStatusText } from '../../../src/domain/areas/areaWords';
import type { TRouteLocale } from '../../../src/domain/locale';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { countsNothing, indicatorLabel } from '../../../src/domain/reports/indicatorLabel';
import type { TReportAnswer, TReportBreakdownRow } from '../../../src/domain/reports/reportAnswer';
import type { TReportCatalogueEntry } from '../../../src/domain/reports/reportCatalogue';
import type { TReportQuery } from '../../../src/domain/reports/reportQuery';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { workbookBytes } from '../../exports/neutraliseCell';

type TWords = Record<string, (() => string) | undefined>;
const wordOf = (book: unknown, key: string): string => (book as TWords)[key]?.() || key;

export type TReportWorkbook = {
  data: TReportAnswer['data'];
  /** Which report: its title, its catalogue (definitions) and the area its statuses are of. */
  title: (t: TranslationFunctions) => string;
  catalogue: readonly TReportCatalogueEntry[];
  statusArea: TAreaDefinition;
  /** The filters this report has (the parents' report has no age band nor disability). */
  filterKeys: readonly ('sex' | 'ageBand' | 'disability')[];
  /** The breakdowns this report has: a sheet each (issue 35: no empty sheet for one it cannot have). */
  breakdownKeys: readonly (keyof TReportAnswer['data']['breakdowns'])[];
  /** What the sex filter is of: the child's, or the first applicant's (the parents' report). */
  sexOf: 'child' | 'applicant';
  query: TReportQuery;
  /** The names of the province and head office filtered by, in the request's language. */
  placeNames: { province?: string; headOffice?: string };
  t: TranslationFunctions;
  locale: TRouteLocale;
  now: Date;
};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dayFormat = 'dd-mm-yyyy';
/** A day as the screens write it in a sentence (dd-mm-yyyy). */
const dayWords = (iso: string) => iso.split('-').reverse().join('-');

/**
 * A report's answer as an Excel workbook (issue 24): the indicators with their definitions, each
 * breakdown and the monthly series, one sheet each; numbers as numbers (a share as a percentage
 * cell), days as date cells, words in the request's language, the filters written at the top of the
 * first sheet. Built from the JSON answer, so both say the same.
 */
export const reportWorkbook = async (report: TReportWorkbook): Promise<Buffer> => {
  const { data, t, query } = report;
  const words = t.reports.export;
  // Loaded with the first export, not at start (as the lists' exports).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adoption back office';
  workbook.created = report.now;

  /** A status or a stage named by its key's last part (`children.adoptable`, `daysInStage.trial.p90`). */
  const partName = (key: string): string | undefined => {
    const [family, part] = key.split('.');
    if (family === 'children' || family === 'applications') return areaStatusText(t, report.statusArea, part);
    if (['matchings', 'matchingsOverdue', 'rejections', 'daysInStage'].includes(family))
      return wordOf(t.options.stage, part);
    return undefined;
  };

  const indicators = workbook.addWorksheet(words.sheetIndicators());
  indicators.addRow([report.title(t)]).font = { bold: true, size: 14 };
  // The filters the figures were counted with: the period as dates, the rest in words ('All').
  const filters: [string, unknown][] = [
    [words.from(), day(data.period.from)],
    [words.to(), day(data.period.to)],
    [t.fields.province(), report.placeNames.province ?? words.all()],
    [t.fields.headOffice(), report.placeNames.headOffice ?? words.all()],
    ...(report.filterKeys.includes('sex')
      ? [
          [
            report.sexOf === 'applicant' ? t.reports.filters.applicantSex() : t.fields.sex(),
            query.sex ? wordOf(t.options.sex, query.sex) : words.all(),
          ] as [string, unknown],
        ]
      : []),
    ...(report.filterKeys.includes('ageBand')
      ? [
          [t.fields.ageBand(), query.ageBand ? wordOf(t.options.ageBand, query.ageBand) : words.all()] as [
            string,
            unknown,
          ],
        ]
      : []),
    ...(report.filterKeys.includes('disability')
      ? [
          [
            t.fields.hasDisability(),
            query.disability ? wordOf(t.options.hasDisability, query.disability) : words.all(),
          ] as [string, unknown],
        ]
      : []),
    [words.asOf(), new Date(data.asOf)],
  ];
  for (const [label, value] of filters) {
    const row = indicators.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date)
      row.getCell(2).numFmt = label === words.asOf() ? `${dayFormat} hh:mm` : dayFormat;
  }
  indicators.addRow([]);
  const header = indicators.addRow([
    words.indicator(),
    words.definition(),
    words.value(),
    words.unit(),
    words.numerator(),
    words.denominator(),
    words.target(),
  ]);
  header.font = { bold: true };
  // The definitions name the period's days and the day the figures were counted (issue 35).
  const definitionDays = {
    from: dayWords(data.period.from),
    to: dayWords(data.period.to),
    today: dayWords(isoDateIn(new Date(data.asOf))),
  };
  for (const indicator of data.indicators) {
    const entry = report.catalogue.find((one) => one.key === indicator.key);
    const definition = entry ? t.reports.definitions[entry.definition](definitionDays) : '';
    const part = partName(indicator.key);
    const nothing = countsNothing(indicator);
    // The screen's words (issue 35): the figure's name, not its key; a share of nothing is '—'.
    const row = indicators.addRow([
      indicatorLabel(t, indicator.key),
      part ? `${part}: ${definition}` : definition,
      nothing ? `— ${t.reports.screen.nothingToCount()}` : indicator.value,
      wordOf(words.units, indicator.unit),
      indicator.numerator ?? null,
      indicator.denominator ?? null,
      indicator.target ?? null,
    ]);
    // A share is a fraction: shown as a percentage, kept as the number.
    const format = indicator.unit === 'share' ? '0.0%' : indicator.unit === 'days' ? '0.0' : '0';
    row.getCell(3).numFmt = format;
    row.getCell(7).numFmt = format;
  }
  indicators.getColumn(1).width = 34;
  indicators.getColumn(2).width = 70;
  for (const column of [3, 4, 5, 6, 7]) indicators.getColumn(column).width = 14;

  const breakdownSheet = (name: string, rows: readonly TReportBreakdownRow[]) => {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
    sheet.addRow([words.name(), ...keys.map((key) => partName(key) ?? key)]).font = { bold: true };
    for (const row of rows)
      sheet.addRow([row.name[report.locale], ...keys.map((key) => row.values[key] ?? 0)]);
    sheet.getColumn(1).width = 28;
  };
  const sheetNames = {
    province: words.sheetProvince(),
    sex: words.sheetSex(),
    ageBand: words.sheetAgeBand(),
    disability: words.sheetDisability(),
  };
  for (const key of report.breakdownKeys) breakdownSheet(sheetNames[key], data.breakdowns[key]);

  const series = workbook.addWorksheet(words.sheetSeries(), { views: [{ state: 'frozen', ySplit: 1 }] });
  const seriesKeys = [...new Set(data.series.flatMap((entry) => Object.keys(entry.values)))];
  // Each month with its days within the period (issue 35: the first and the last may be cut short).
  series.addRow([
    words.month(),
    words.from(),
    words.to(),
    ...seriesKeys.map((key) => wordOf(words.series, key)),
  ]).font = { bold: true };
  for (const entry of data.series)
    series.addRow([
      day(`${entry.month}-01`),
      day(entry.from),
      day(entry.to),
      ...seriesKeys.map((key) => entry.values[key] ?? 0),
    ]);
  series.getColumn(1).numFmt = 'mm-yyyy';
  series.getColumn(1).width = 12;
  for (const column of [2, 3]) {
    series.getColumn(column).numFmt = dayFormat;
    series.getColumn(column).width = 12;
  }
  for (let column = 4; column <= seriesKeys.length + 3; column += 1) series.getColumn(column).width = 24;

  return workbookBytes(workbook);
};
