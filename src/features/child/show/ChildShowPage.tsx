import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate, useParams } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { AuthImage } from '@/components/AuthImage';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { recordDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { SummaryCard } from '@/components/record/SummaryCard';
import { TimelineCard } from '@/components/record/TimelineCard';
import { areaBreadcrumbs } from '@/components/resource/areaBreadcrumbs';
import { useResourceText } from '@/components/resource/useResourceText';
import { primaryButton, secondaryButton } from '@/components/ui';
import { StatusHistoryCard } from '@/components/workflow/StatusHistoryCard';
import { type TWorkflowActions, useWorkflowActions } from '@/components/workflow/useWorkflowActions';
import { isoDateIn } from '@/domain/childStatus';
import { formatDate } from '@/domain/dateFormat';
import { hasPermission } from '@/domain/permissions';
import { childResource } from '@/domain/resources/child';
import { translate } from '@/domain/translatable';
import { childClientResource } from '@/features/child/childClient';
import { ChildDocumentsPanel } from '@/features/child/documents/ChildDocumentsPanel';
import { ChildFamilySummary } from '@/features/child/family/ChildFamilySummary';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { apiRecord } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { setupAtom } from '@/state/setup';
import { ChildStatusBadge } from '../status/ChildStatusBadge';
import { childActionLabel } from '../status/childActionText';
import { childWorkflowClient } from '../status/childWorkflowClient';
import { MatchingHistorySection } from './ChildHistorySections';
import { summaryRows, type TSummaryRow } from './childSummary';
import { useSummaryNames } from './useSummaryNames';
import './print.css';

type TBook = Record<string, (() => string) | undefined>;

/** A field's label in one dictionary (the key itself while the dictionary lacks it). */
const fieldLabelIn = (LL: TranslationFunctions, key: string) =>
  (LL.fields as unknown as TBook)[key]?.() || key;
const sectionLabelIn = (LL: TranslationFunctions, key: string) =>
  (LL as unknown as { formSections?: TBook }).formSections?.[key]?.() || key;

const editPermission = 'adoptive_children:update';

/**
 * The child's case summary (`/adoptive-child/child/show/{id}`): who the child is, where from, care
 * and health, family, documents, matchings and every status change, with the status actions the
 * record allows. Printing it gives a clean A4 summary with labels in both languages (print.css).
 */
const ChildShowPage = () => {
  const { id = '' } = useParams();
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const text = useResourceText(childResource.name);
  // A reload (after a status action) keeps the summary on screen until the fresh copy arrives; the
  // histories below read again with it.
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  // A failure shows the error catalogue's view in place of the page (an id that is no number: 404).
  const loadRecord = useCallback(
    async (signal: AbortSignal) =>
      (await apiRecord<{ data: TResourceRow }>(`/child-infos/${encodeURIComponent(id)}`, { signal })).data,
    [id],
  );
  const load = useRemoteData(loadRecord, reloadKey);

  const record = load.state === 'ready' ? load.data : null;
  const canUpdate = hasPermission(user, editPermission);
  const listPath = localizedPath(locale, childResource.routeBase);
  const editPath = localizedPath(locale, `${childResource.routeBase}/edit/${id}`);
  const title = record ? translate(childResource.titleOf(record) as never, locale) : '';
  const recordName = record ? String(childResource.titleOf(record) ?? record.code ?? '') : '';
  const statusActions = useWorkflowActions(childWorkflowClient, record, recordName, reload);

  const goEdit = useCallback(() => navigate(editPath), [navigate, editPath]);
  // After the palette has closed, so its overlay is not on the paper.
  const print = useCallback(() => window.setTimeout(() => window.print(), 150), []);
  useHotkeys(
    'e',
    goEdit,
    { enabled: canUpdate && record !== null && !statusActions.dialogOpen, preventDefault: true },
    [goEdit],
  );

  const commands = useMemo<TCommand[]>(() => {
    if (!record) return [];
    const words = bothLanguages((book) => book.childShow.printCaseSummary());
    return [
      ...(canUpdate
        ? [
            {
              id: 'child-show-edit',
              title: LL.childShow.editRecord(),
              kind: 'page' as const,
              path: `${childResource.routeBase}/edit/${record.id}`,
              icon: 'edit',
              shortcut: ['E'],
              perform: goEdit,
            },
          ]
        : []),
      {
        id: 'child-show-print',
        title: LL.childShow.printCaseSummary(),
        kind: 'action',
        icon: 'printer',
        keywords: [words.kh, words.en],
        shortcut: ['Ctrl', 'P'],
        perform: print,
      },
      ...statusActions.commands,
    ];
  }, [record, canUpdate, LL, goEdit, print, statusActions.commands]);
  useRegisterCommands(commands);

  useRecentDestination(
    record
      ? { ...recordDestination(childResource, record), path: `${childResource.routeBase}/show/${record.id}` }
      : null,
  );

  return (
    <div
      data-print-root="child-case"
      className="mx-auto max-w-5xl px-4 py-4 sm:px-6 print:max-w-none print:p-0"
    >
      <PrintHeader />
      <div className="print:hidden">
        <Breadcrumbs
          label={LL.layout.breadcrumb()}
          items={[
            ...areaBreadcrumbs(LL, locale, childClientResource.area),
            { text: text.many, to: listPath },
            { text: title || text.one },
          ]}
        />
      </div>
      {load.state === 'loading' ? (
        <div
          className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
          aria-live="polite"
          aria-busy="true"
        >
          {LL.childShow.loading()}
        </div>
      ) : record ? (
        <div className="flex flex-col gap-4 print:gap-2">
          <SummaryHeader
            record={record}
            title={title}
            canUpdate={canUpdate}
            editPath={editPath}
            onPrint={print}
            actions={statusActions.actions}
            onAction={statusActions.open}
          />
          <SummarySections record={record} childId={id} canUpdate={canUpdate} />
          <MatchingHistorySection childId={id} reloadKey={reloadKey} />
          <StatusHistoryCard client={childWorkflowClient} recordId={id} reloadKey={reloadKey} />
          {/* On screen only: the printed case summary stays the file, not its story. */}
          <div className="print:hidden">
            <TimelineCard
              apiBase="/child-infos"
              entity="child_infos"
              resourceName={childResource.name}
              recordId={id}
              reloadKey={reloadKey}
              actionLabel={(action) => childActionLabel(LL, action)}
              idPrefix="child"
            />
          </div>
        </div>
      ) : null}
      {statusActions.element}
    </div>
  );
};

export default ChildShowPage;

/** The line on top of the printout: the programme, what the paper is, and the day it was printed. */
const PrintHeader = () => {
  const setup = useAtomValue(setupAtom);
  const appName = setup?.generals.app_name ?? null;
  // The name the administrator gave the programme, else the shipped one.
  const shipped = bothLanguages((book) => book.app.pageTitle());
  const named = {
    kh: translate(appName, 'kh') || shipped.kh,
    en: translate(appName, 'en') || shipped.en,
  };
  const summary = bothLanguages((book) => book.childShow.caseSummary());
  const printed = formatDate(isoDateIn(new Date()));
  const printedOn = bothLanguages((book) => book.childShow.printedOn({ date: printed }));
  return (
    <div className="mb-4 hidden border-black border-b pb-2 text-xs print:flex print:items-end print:justify-between print:gap-4">
      <div>
        <div className="font-semibold">
          <span lang="km">{named.kh}</span>
          {named.en !== named.kh ? <span lang="en"> / {named.en}</span> : null}
        </div>
        <div>
          <span lang="km">{summary.kh}</span> / <span lang="en">{summary.en}</span>
        </div>
      </div>
      <div className="whitespace-nowrap text-right">
        <div lang="km">{printedOn.kh}</div>
        <div lang="en">{printedOn.en}</div>
      </div>
    </div>
  );
};

/** Initials of the Latin name (Khmer initials would split a cluster), else the child icon. */
const PhotoPlaceholder = ({ record, label }: { record: TResourceRow; label: string }) => {
  const initials = [record.familyNameEn, record.givenNameEn]
    .map((part) => (typeof part === 'string' ? part.trim().charAt(0).toUpperCase() : ''))
    .join('');
  return (
    <div
      role="img"
      aria-label={label}
      className="flex size-28 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-100 font-semibold text-2xl text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300 print:size-24"
    >
      {initials || <Icon name="child" className="size-10" />}
    </div>
  );
};

const SummaryHeader = ({
  record,
  title,
  canUpdate,
  editPath,
  onPrint,
  actions,
  onAction,
}: {
  record: TResourceRow;
  title: string;
  canUpdate: boolean;
  editPath: string;
  onPrint: () => void;
  actions: TWorkflowActions['actions'];
  onAction: TWorkflowActions['open'];
}) => {
  const { LL } = useI18nContext();
  const nameKh = typeof record.nameKh === 'string' ? record.nameKh : '';
  const nameEn = typeof record.nameEn === 'string' ? record.nameEn : '';
  const placeholder = <PhotoPlaceholder record={record} label={LL.childShow.noPhoto()} />;
  return (
    <section
      aria-labelledby="child-show-title"
      className="child-case-section rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-4 xs:flex-row xs:items-start print:flex-row">
        {record.hasPhoto ? (
          <AuthImage
            path={`/child-infos/photo/${record.id}`}
            version={record.version}
            alt={LL.childShow.photoOf({ name: title })}
            className="size-28 shrink-0 rounded-lg border border-slate-200 object-cover dark:border-slate-700 print:size-24"
            fallback={placeholder}
          />
        ) : (
          placeholder
        )}
        <div className="min-w-0 flex-1">
          <h1
            id="child-show-title"
            lang={nameKh ? 'km' : undefined}
            className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50"
          >
            {nameKh || nameEn || String(record.code)}
          </h1>
          {nameKh && nameEn ? (
            <p lang="en" className="break-words text-lg text-slate-700 dark:text-slate-200">
              {nameEn}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-600 text-sm dark:text-slate-300">
            <span className="font-mono tabular-nums">{String(record.code)}</span>
            <ChildStatusBadge status={String(record.status)} />
          </div>
        </div>
      </div>
      <div
        role="toolbar"
        aria-label={LL.childShow.recordActions()}
        className="mt-4 flex flex-wrap items-center gap-2 border-slate-200 border-t pt-4 dark:border-slate-800 print:hidden"
      >
        {canUpdate ? (
          <AppLink to={editPath} className={primaryButton} aria-keyshortcuts="e">
            <Icon name="edit" className="size-4" />
            {LL.childShow.edit()}
          </AppLink>
        ) : null}
        <button type="button" className={secondaryButton} onClick={onPrint} aria-keyshortcuts="Control+P">
          <Icon name="printer" className="size-4" />
          {LL.childShow.print()}
        </button>
        {actions.length > 0 ? (
          <fieldset className="contents">
            <legend className="sr-only">{LL.childStatus.actionsLabel()}</legend>
            {actions.map((action) => (
              <button key={action} type="button" className={secondaryButton} onClick={() => onAction(action)}>
                <Icon name={childWorkflowClient.workflow.actions[action].icon} className="size-4" />
                {childActionLabel(LL, action)}
              </button>
            ))}
          </fieldset>
        ) : null}
        <span className="ml-auto text-slate-500 text-xs dark:text-slate-400">
          {canUpdate ? LL.childShow.keyboardHint() : LL.childShow.printHint()}
        </span>
      </div>
    </section>
  );
};

/** One value of a definition list; nothing recorded says so, quietly. */
const RowValue = ({ row }: { row: TSummaryRow }) => {
  const { LL } = useI18nContext();
  if (row.key === 'status' && row.value) return <ChildStatusBadge status={row.value} />;
  if (!row.value)
    return <span className="text-slate-500 italic dark:text-slate-400">{LL.childShow.notRecorded()}</span>;
  return (
    <span lang={row.lang} className={row.long ? 'whitespace-pre-line break-words' : 'break-words'}>
      {row.value}
    </span>
  );
};

/** Identity, birth and origin, care and health (as the form has them), family and documents. */
const SummarySections = ({
  record,
  childId,
  canUpdate,
}: {
  record: TResourceRow;
  childId: string;
  canUpdate: boolean;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const { labelOf, optionLabel } = useResourceText(childResource.name);
  const { names } = useSummaryNames(record, locale);
  const words = useMemo(
    () => ({
      locale,
      names,
      optionLabel,
      yes: LL.options.boolean.yes(),
      no: LL.options.boolean.no(),
      estimated: LL.childShow.estimated(),
      ageYears: (age: number) => LL.childShow.ageYears({ age }),
    }),
    [locale, names, optionLabel, LL],
  );
  const numericId = Number(childId);
  return (
    <>
      {childResource.formSections.map((section) => {
        const both = bothLanguages((book) => sectionLabelIn(book, section));
        const card = (children: React.ReactNode) => (
          <SummaryCard
            key={section}
            id={`child-section-${section}`}
            title={sectionLabelIn(LL, section)}
            both={both}
          >
            {children}
          </SummaryCard>
        );
        if (section === 'family') return card(<ChildFamilySummary childId={numericId} />);
        // The documents panel is a card with its own heading.
        if (section === 'documents')
          return <ChildDocumentsPanel key={section} childId={numericId} editable={canUpdate} />;
        // The status row carries the raw value: the badge names it.
        const rows = summaryRows(childResource.fields, section, record, words).map((row) =>
          row.key === 'status' ? { ...row, value: String(record.status ?? '') } : row,
        );
        if (rows.length === 0) return null;
        return card(
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:grid-cols-2 print:gap-y-1.5">
            {rows.map((row) => (
              <div key={row.key} className={row.long ? 'sm:col-span-2 print:col-span-2' : undefined}>
                <dt className="font-medium text-slate-500 text-xs dark:text-slate-400">
                  <BilingualLabel
                    text={labelOf(row.label)}
                    both={bothLanguages((book) => fieldLabelIn(book, row.label))}
                  />
                </dt>
                <dd className="mt-0.5 text-slate-900 text-sm dark:text-slate-100">
                  <RowValue row={row} />
                </dd>
              </div>
            ))}
          </dl>,
        );
      })}
    </>
  );
};
