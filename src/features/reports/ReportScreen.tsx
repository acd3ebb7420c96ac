import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { pageDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { secondaryButton } from '@/components/ui';
import { formatDate, formatInstant } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import type { TReportAnswer } from '@/domain/reports/reportAnswer';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { takeEarlyRead } from '@/platform/api/earlyRead';
import { downloadFile } from '@/platform/api/saveBlob';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { IndicatorGroup } from './ReportCards';
import { ReportChartFigure } from './ReportChartFigure';
import { ReportFilterBar } from './ReportFilterBar';
import { loadReportChart } from './reportChartModule';
import { chartTable, groupIndicators } from './reportCharts';
import { childReport, parentsReport, type TReportDescription } from './reportDescriptions';
import { apiQueryOf, filtersFromSearch, searchOfFilters, type TReportFilters } from './reportFilters';
import { isEmptyAnswer } from './reportFormat';
import '@/components/record/recordPrint.css';
import './reportPrint.css';

type TData = TReportAnswer['data'];

const printPage = () => window.print();

/** The figures of a loaded report: its card groups, then its charts each with its table. */
const ReportFigures = ({ description, data }: { description: TReportDescription; data: TData }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const tables = useMemo(
    () => description.charts.map((chart) => chartTable(chart, description, data, LL, locale)),
    [description, data, LL, locale],
  );
  // The days the definitions name (issue 35): the period's, and the day the figures were counted.
  const days = useMemo(
    () => ({
      from: formatDate(data.period.from),
      to: formatDate(data.period.to),
      today: formatDate(isoDateIn(new Date(data.asOf))),
    }),
    [data],
  );
  if (isEmptyAnswer(data))
    return (
      <div className="mt-6 flex flex-col items-center rounded-xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
        <Icon name="report" className="mb-3 size-8 text-slate-400" />
        <h2 className="font-semibold text-slate-800 dark:text-slate-100">{LL.reports.screen.emptyTitle()}</h2>
        <p className="mt-1 max-w-lg text-slate-600 dark:text-slate-300">{LL.reports.screen.empty()}</p>
      </div>
    );
  return (
    <>
      {description.cardGroups.map((group) => (
        <IndicatorGroup
          key={group.id}
          title={group.title(LL)}
          indicators={groupIndicators(group, description, data)}
          catalogue={description.catalogue}
          days={days}
        />
      ))}
      <div className="report-charts">
        {tables.map((table) => (
          <ReportChartFigure key={table.id} table={table} />
        ))}
      </div>
    </>
  );
};

/**
 * The one report screen (issue 24), drawing a report's description: the filter bar kept in the
 * address, the figures as cards and charts with their tables, Export (.xlsx with the same
 * filters), Print (A4, the app's chrome left out), and the palette's 'Export this report'.
 */
const ReportScreen = ({ description }: { description: TReportDescription }) => {
  const { LL } = useI18nContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromSearch(search, description.filters), [search, description]);
  const title = description.title(LL);
  useRecentDestination(useMemo(() => pageDestination(description.path, description.title), [description]));

  const load = useCallback(
    async (signal: AbortSignal) => {
      const query = apiQueryOf(filters);
      const ask = () => api<TReportAnswer>(description.api, { query, signal, errorMode: 'log' });
      // Asked when the app started, if the page was opened by its address (src/app/earlyReads.ts).
      const early = takeEarlyRead<TReportAnswer>(description.api, query);
      return (early ? await early.catch(ask) : await ask()).data;
    },
    [description, filters],
  );
  const report = useRemoteData(load);

  const apply = useCallback(
    (next: TReportFilters) => setSearchParams(searchOfFilters(next, description.filters)),
    [setSearchParams, description],
  );

  const [exporting, setExporting] = useState(false);
  const exportReport = useCallback(async () => {
    setExporting(true);
    try {
      await downloadFile(
        `${description.api}.xlsx`,
        `${description.api.split('/').pop()}-report-${isoDateIn(new Date())}.xlsx`,
        { query: apiQueryOf(filters) },
      );
    } catch (error) {
      showToast(`${LL.reports.screen.exportFailed()} ${failureMessage(error, LL)}`, 'error');
    } finally {
      setExporting(false);
    }
  }, [description, filters, LL]);

  const commands = useMemo<TCommand[]>(
    () => [
      {
        id: 'report-export',
        title: LL.reports.screen.exportThis(),
        kind: 'action',
        icon: 'download',
        perform: () => void exportReport(),
      },
    ],
    [LL, exportReport],
  );
  useRegisterCommands(commands);

  return (
    <div data-print-root className="report-page mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{title}</h1>
          {/* Its line is kept while the report loads: the filters under it do not move when it comes. */}
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            {report.state === 'ready' ? (
              <>
                {LL.reports.screen.period({
                  from: formatDate(report.data.period.from),
                  to: formatDate(report.data.period.to),
                })}
                {' · '}
                {LL.reports.screen.asOf({ time: formatInstant(report.data.asOf) })}
              </>
            ) : (
              '\u00a0'
            )}
          </p>
          <p className="hidden text-xs print:block">
            {LL.reports.screen.printedOn({ date: formatDate(isoDateIn(new Date())) })}
          </p>
        </div>
        <div className="flex items-center gap-2 print:hidden">
          <button
            type="button"
            className={secondaryButton}
            disabled={exporting}
            aria-busy={exporting}
            onClick={() => void exportReport()}
          >
            <Icon name="download" className="size-4" />
            {exporting ? LL.reports.screen.exporting() : LL.reports.screen.export()}
          </button>
          <button
            type="button"
            className={secondaryButton}
            // The charts not yet scrolled to are drawn for the paper (ReportChartSlot.tsx): the
            // library first, so they are drawn at once when printing begins; printed without them
            // if it cannot be loaded (their tables carry the figures).
            onClick={() => void loadReportChart().then(printPage, printPage)}
          >
            <Icon name="printer" className="size-4" />
            {LL.reports.screen.print()}
          </button>
        </div>
      </div>
      <ReportFilterBar
        keys={description.filters}
        applied={filters}
        onApply={apply}
        sexLabel={description.sexOf === 'applicant' ? LL.reports.filters.applicantSex() : undefined}
      />
      <LoadState
        state={report.state}
        loadingText={LL.reports.screen.loading()}
        failedText={LL.reports.screen.loadFailed()}
        onRetry={report.reload}
        spinner
        spacing="mt-6"
      >
        {() =>
          report.state === 'ready' ? <ReportFigures description={description} data={report.data} /> : null
        }
      </LoadState>
    </div>
  );
};

/** /reports/child */
export const ChildReportScreen = () => <ReportScreen description={childReport} />;
/** /reports/parents */
export const ParentsReportScreen = () => <ReportScreen description={parentsReport} />;
