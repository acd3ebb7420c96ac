import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Icon } from '@/components/Icon';
import { SummaryCard } from '@/components/record/SummaryCard';
import { secondaryButton } from '@/components/ui';
import { StatusHistoryCard } from '@/components/workflow/StatusHistoryCard';
import { useStatusHistory } from '@/components/workflow/useStatusHistory';
import { formatDate } from '@/domain/dateFormat';
import { hasPermission } from '@/domain/permissions';
import { isoDateIn } from '@/domain/programmeTime';
import { translate } from '@/domain/translate';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { apiRecord } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { setupAtom } from '@/state/setup';
import { Label } from './Label';
import { MatchingsSection } from './MatchingsSection';
import { RecordPicker } from './RecordPicker';
import type { TRecordReportKindView } from './reportKinds';
import '@/components/record/recordPrint.css';
import './recordReport.css';

/** The page: the record's report when the address names one, else the search to choose one. */
export const RecordReportPage = ({ kind }: { kind: TRecordReportKindView }) => {
  const { id } = useParams();
  return id ? <RecordReport kind={kind} id={id} /> : <RecordPicker kind={kind} />;
};

/** The report page of one record: its paper, with the screen's breadcrumbs and print button. */
const RecordReport = ({ kind, id }: { kind: TRecordReportKindView; id: string }) => (
  <div
    data-print-root="record-report"
    data-record-report={kind.kind}
    className="mx-auto max-w-5xl px-4 py-4 sm:px-6 print:max-w-none print:p-0"
  >
    <RecordReportPaper kind={kind} id={id} screen />
  </div>
);

/**
 * One record's printable report (A4, labels in both languages, Khmer first): who, its status
 * history, each matching with its stages and days and its services after adoption. The record and
 * its history come from their own routes; the matchings from `GET /record-reports/{kind}/{id}`,
 * for a user who may read them. A record that does not exist or is out of scope: the not-found view
 * on the page. `screen`: the page's breadcrumbs and buttons (a list's selection prints papers
 * without them); `onSettled`: every part has answered (or failed), so the paper may be printed.
 */
export const RecordReportPaper = ({
  kind,
  id,
  screen = false,
  onSettled,
}: {
  kind: TRecordReportKindView;
  id: string;
  screen?: boolean;
  onSettled?: () => void;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const { user } = useSession();
  const apiBase = kind.definition.apiBase;
  const load = useRemoteData(
    useCallback(
      async (signal: AbortSignal) =>
        (await apiRecord<{ data: TResourceRow }>(`${apiBase}/${encodeURIComponent(id)}`, { signal })).data,
      [apiBase, id],
    ),
  );
  const statusHistory = useStatusHistory(apiBase, id, 0);
  const record = load.state === 'ready' ? load.data : null;
  const title = record ? translate(kind.definition.titleOf(record) as never, locale) : '';
  // After the click, so the button's focus ring is not on the paper.
  const print = useCallback(() => window.setTimeout(() => window.print(), 50), []);
  const titleId = `record-report-title-${id}`;
  const matchingsShown = hasPermission(user, 'matchings:read');
  const [matchingsSettled, setMatchingsSettled] = useState(!matchingsShown);
  const settled =
    load.state !== 'loading' &&
    (load.state !== 'ready' || (statusHistory.state !== 'loading' && matchingsSettled));
  const whenSettled = useRef(onSettled);
  whenSettled.current = onSettled;
  useEffect(() => {
    if (settled) whenSettled.current?.();
  }, [settled]);
  return (
    <>
      <PaperHeader kind={kind} />
      {screen ? (
        <div className="print:hidden">
          <Breadcrumbs
            label={LL.layout.breadcrumb()}
            items={[
              { text: kind.title(LL), to: localizedPath(locale, kind.showBase) },
              { text: title || String(record?.code ?? '') },
            ]}
          />
        </div>
      ) : null}
      {load.state === 'loading' ? (
        <p
          className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
          aria-live="polite"
          aria-busy="true"
        >
          {LL.recordReport.loading()}
        </p>
      ) : record ? (
        <div className="flex flex-col gap-4 print:gap-2">
          <section
            aria-labelledby={titleId}
            className="record-section rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-slate-500 text-sm dark:text-slate-400 print:hidden">{kind.paper(LL)}</p>
            <h1 id={titleId} className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50">
              {title || String(record.code)}
            </h1>
            {screen ? (
              <div className="mt-4 flex flex-wrap items-center gap-3 border-slate-200 border-t pt-4 dark:border-slate-800 print:hidden">
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={print}
                  aria-keyshortcuts="Control+P"
                >
                  <Icon name="printer" className="size-4" />
                  {LL.recordReport.print()}
                </button>
                <AppLink
                  to={localizedPath(locale, `${kind.area.routeBase}/show/${record.id}`)}
                  className={secondaryButton}
                >
                  <Icon name={kind.area.menu.icon} className="size-4" />
                  {title || String(record.code)}
                </AppLink>
                <span className="ml-auto text-slate-500 text-xs dark:text-slate-400">
                  {LL.recordReport.printHint()}
                </span>
              </div>
            ) : null}
          </section>
          <SummaryCard
            id="record-report-identity"
            title={LL.recordReport.identity()}
            both={bothLanguages((book) => book.recordReport.identity())}
          >
            <dl
              className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm"
              data-report-identity=""
            >
              {kind.identity(record, LL, locale).map((row) => (
                <div key={row.key} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">
                    {row.label(LL) ? <Label pick={row.label} /> : null}
                  </dt>
                  <dd lang={row.lang === 'km' ? 'km' : row.lang} className="break-words">
                    {row.value || '—'}
                  </dd>
                </div>
              ))}
            </dl>
          </SummaryCard>
          <StatusHistoryCard client={kind.workflow} history={statusHistory} />
          {matchingsShown ? (
            <MatchingsSection kind={kind} id={id} onSettled={() => setMatchingsSettled(true)} />
          ) : (
            <SummaryCard
              id="record-report-matchings"
              title={LL.recordReport.matchings()}
              both={bothLanguages((book) => book.recordReport.matchings())}
            >
              <p
                className="text-slate-600 text-sm italic dark:text-slate-300"
                data-section-hidden="matchings"
              >
                {LL.recordReport.matchingsHidden()}
              </p>
            </SummaryCard>
          )}
          <PaperFooter />
        </div>
      ) : null}
    </>
  );
};

/** The top of the paper: the programme, what the paper is. */
const PaperHeader = ({ kind }: { kind: TRecordReportKindView }) => {
  const setup = useAtomValue(setupAtom);
  const appName = setup?.generals.app_name ?? null;
  const shipped = bothLanguages((book) => book.app.pageTitle());
  const kh = translate(appName, 'kh') || shipped.kh;
  const en = translate(appName, 'en') || shipped.en;
  const paper = bothLanguages(kind.paper);
  return (
    <div className="mb-4 hidden border-black border-b pb-2 text-xs print:block">
      <div className="font-semibold">
        <span lang="km">{kh}</span>
        {en !== kh ? <span lang="en"> / {en}</span> : null}
      </div>
      <div>
        <span lang="km">{paper.kh}</span> / <span lang="en">{paper.en}</span>
      </div>
    </div>
  );
};

/** The bottom of the paper: the day it was printed and by whom, in both languages. */
const PaperFooter = () => {
  const { user } = useSession();
  const date = formatDate(isoDateIn(new Date()));
  const name = user?.name || user?.username || '';
  const printed = bothLanguages((book) => book.recordReport.printedBy({ date, name }));
  return (
    <footer
      data-report-printed=""
      className="mt-4 hidden border-black border-t pt-2 text-xs print:flex print:justify-between print:gap-4"
    >
      <span lang="km">{printed.kh}</span>
      <span lang="en">{printed.en}</span>
    </footer>
  );
};
