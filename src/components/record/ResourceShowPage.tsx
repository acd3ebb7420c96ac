import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate, useParams } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { recordDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { areaBreadcrumbs } from '@/components/resource/areaBreadcrumbs';
import { useResourceText } from '@/components/resource/useResourceText';
import { primaryButton, secondaryButton } from '@/components/ui';
import { StatusHistoryCard } from '@/components/workflow/StatusHistoryCard';
import { useStatusHistory } from '@/components/workflow/useStatusHistory';
import { useWorkflowActions } from '@/components/workflow/useWorkflowActions';
import { afterWorkflowAnswer, type TWorkflowAnswer } from '@/components/workflow/workflowAnswer';
import { formatDate } from '@/domain/dateFormat';
import { hasPermission } from '@/domain/permissions';
import { isoDateIn } from '@/domain/programmeTime';
import { translate } from '@/domain/translate';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { apiRecordOrMerged, RecordMergedError } from '@/platform/api/mergedRecord';
import type { TResourceRow } from '@/platform/api/resources';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { setupAtom } from '@/state/setup';
import { workQueueRefreshAtom } from '@/state/workQueue';
import { MergedRecordNotice } from './MergedRecordNotice';
import type { TShowLayout, TShowTexts } from './showLayout';
import { TimelineCard } from './TimelineCard';
import './recordPrint.css';

/**
 * Any record's show page (`{routeBase}/show/{id}`), drawn from its layout (showLayout.ts): the
 * record is read once, then the header (identity and toolbar), the layout's cards, the workflow's
 * status history and the timeline. Printing gives an A4 paper with labels in both languages.
 * A workflow action's answer carries the record and its new history row: after one, only the
 * timeline and the work queue are read again (workflowAnswer.ts).
 */
export const ResourceShowPage = ({ layout }: { layout: TShowLayout }) => {
  const { id = '' } = useParams();
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const { definition, area } = layout.resource;
  const text = useResourceText(definition.name);
  const texts = layout.texts(LL);
  // A reload (retry, a refused action whose record moved on, a write a card asked for) keeps the
  // page on screen until the fresh copy arrives; the cards read again with it.
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  // A failure shows the error catalogue's view in place of the page (an id that is no number: 404).
  const loadRecord = useCallback(
    async (signal: AbortSignal) =>
      // A merged record (issue 35) says where it went instead of an error view.
      (
        await apiRecordOrMerged<{ data: TResourceRow }>(`${definition.apiBase}/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
    [id, definition.apiBase],
  );
  const load = useRemoteData(loadRecord, reloadKey);
  // One read of the status history for every card that shows it.
  const statusHistory = useStatusHistory(
    layout.workflow || layout.readsStatusHistory ? definition.apiBase : null,
    id,
    reloadKey,
  );
  // The timeline reads again after each action (the audit rows it wrote); nothing else does.
  const [actionsTaken, setActionsTaken] = useState(0);
  const refreshWorkQueue = useSetAtom(workQueueRefreshAtom);
  const { update: updateRecord, reload: reloadRecord } = load;
  const { update: updateHistory, reload: reloadHistory } = statusHistory;
  const historyRows = statusHistory.state === 'ready' ? statusHistory.data : null;

  const record = load.state === 'ready' ? load.data : null;
  const canUpdate = hasPermission(user, layout.editPermission);
  const listPath = localizedPath(locale, definition.routeBase);
  const editPath = localizedPath(locale, `${definition.routeBase}/edit/${id}`);
  // The record's own page (a matching's is its working page), where the palette's recents lead.
  const pagePath = `${definition.routeBase}/${layout.page ?? 'show'}`;
  const title = record ? translate(definition.titleOf(record) as never, locale) : '';
  const recordName = record ? title || String(record.code ?? '') : '';
  const answered = useCallback(
    (answer: TWorkflowAnswer) => {
      if (!record) return;
      const { page, reads } = afterWorkflowAnswer({ record, history: historyRows }, answer);
      updateRecord(() => page.record);
      const rows = page.history;
      if (rows && rows !== historyRows) updateHistory(() => [...rows]);
      if (reads.includes('timeline')) setActionsTaken((count) => count + 1);
      // A decision taken leaves the work queue; a request may add to someone's.
      if (reads.includes('workQueue')) refreshWorkQueue((key) => key + 1);
      if (reads.includes('record')) reloadRecord();
      if (reads.includes('statusHistory')) reloadHistory();
    },
    [record, historyRows, updateRecord, updateHistory, reloadRecord, reloadHistory, refreshWorkQueue],
  );
  const pageUpdates = useMemo(() => ({ reload, answered }), [reload, answered]);
  const workflowActions = useWorkflowActions(layout.workflow ?? null, record, recordName, pageUpdates);
  const actions = layout.workflow ? workflowActions : null;

  const goEdit = useCallback(() => navigate(editPath), [navigate, editPath]);
  // After the palette has closed, so its overlay is not on the paper.
  const print = useCallback(() => window.setTimeout(() => window.print(), 150), []);
  useHotkeys(
    'e',
    goEdit,
    { enabled: canUpdate && record !== null && !actions?.dialogOpen, preventDefault: true },
    [goEdit],
  );

  const links = useMemo(
    () => (record && layout.links ? layout.links(record, LL, user) : []),
    [record, layout, LL, user],
  );
  const workflowCommands = actions?.commands;
  const commands = useMemo<TCommand[]>(() => {
    if (!record) return [];
    const words = bothLanguages((book) => layout.texts(book).printRecord());
    return [
      ...(canUpdate
        ? [
            {
              id: `${layout.idPrefix}-show-edit`,
              title: texts.editRecord(),
              kind: 'page' as const,
              path: `${definition.routeBase}/edit/${record.id}`,
              icon: 'edit',
              shortcut: ['E'],
              perform: goEdit,
            },
          ]
        : []),
      {
        id: `${layout.idPrefix}-show-print`,
        title: texts.printRecord(),
        kind: 'action',
        icon: 'printer',
        keywords: [words.kh, words.en],
        shortcut: ['Ctrl', 'P'],
        perform: print,
      },
      ...(workflowCommands ?? []),
      ...links.map((link) => ({
        id: `${layout.idPrefix}-show-${link.id}`,
        title: link.title,
        kind: 'page' as const,
        path: link.path,
        icon: link.icon,
        perform: () => navigate(localizedPath(locale, link.path)),
      })),
    ];
  }, [
    record,
    canUpdate,
    texts,
    layout,
    definition.routeBase,
    goEdit,
    print,
    workflowCommands,
    links,
    navigate,
    locale,
  ]);
  // All of them act on or lead from the record on screen: the palette lists them first.
  const commandsOfRecord = useMemo(
    () => commands.map((command) => ({ ...command, record: true })),
    [commands],
  );
  useRegisterCommands(commandsOfRecord);

  useRecentDestination(
    record ? { ...recordDestination(definition, record), path: `${pagePath}/${record.id}` } : null,
  );

  const titleId = `${layout.idPrefix}-show-title`;
  const { Identity } = layout;
  return (
    <div
      data-print-root={`${layout.idPrefix}-case`}
      className="mx-auto max-w-5xl px-4 py-4 sm:px-6 print:max-w-none print:p-0"
    >
      <PrintHeader texts={layout.texts} />
      <div className="print:hidden">
        <Breadcrumbs
          label={LL.layout.breadcrumb()}
          items={[
            ...areaBreadcrumbs(LL, locale, area),
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
          {texts.loading()}
        </div>
      ) : load.state === 'failed' && load.error instanceof RecordMergedError ? (
        <MergedRecordNotice definition={definition} into={load.error.mergedInto} />
      ) : record ? (
        <div className="flex flex-col gap-4 print:gap-2">
          <section
            aria-labelledby={titleId}
            className="record-section rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <Identity record={record} title={title} titleId={titleId} />
            <div
              role="toolbar"
              aria-label={texts.toolbar()}
              className="mt-4 flex flex-wrap items-center gap-2 border-slate-200 border-t pt-4 dark:border-slate-800 print:hidden"
            >
              {canUpdate ? (
                <AppLink to={editPath} className={primaryButton} aria-keyshortcuts="e">
                  <Icon name="edit" className="size-4" />
                  {texts.edit?.() ?? LL.record.edit()}
                </AppLink>
              ) : null}
              <button type="button" className={secondaryButton} onClick={print} aria-keyshortcuts="Control+P">
                <Icon name="printer" className="size-4" />
                {texts.print?.() ?? LL.record.print()}
              </button>
              {actions && layout.workflow && actions.actions.length > 0 ? (
                <fieldset className="contents">
                  <legend className="sr-only">{layout.workflow.texts(LL).actionsLabel()}</legend>
                  {actions.actions.map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={secondaryButton}
                      onClick={() => actions.open(action)}
                      // The dialog's form starts loading before the click (it is not on the page).
                      onPointerEnter={actions.prefetch}
                      onFocus={actions.prefetch}
                    >
                      <Icon
                        name={layout.workflow?.workflow.actions[action].icon ?? 'check'}
                        className="size-4"
                      />
                      {layout.workflow?.texts(LL).action(action)}
                    </button>
                  ))}
                </fieldset>
              ) : null}
              {actions && layout.workflow
                ? actions.refused.map(({ action, reason }) => (
                    <span key={action} className="inline-flex flex-col gap-0.5">
                      <button
                        type="button"
                        className={secondaryButton}
                        aria-disabled="true"
                        aria-describedby={`${layout.idPrefix}-refused-${action}`}
                        data-refused-action={action}
                        onClick={(event) => event.preventDefault()}
                      >
                        <Icon name="lock" className="size-4" />
                        {layout.workflow?.texts(LL).action(action)}
                      </button>
                      <span
                        id={`${layout.idPrefix}-refused-${action}`}
                        className="max-w-72 text-amber-800 text-xs dark:text-amber-300"
                      >
                        {reason}
                      </span>
                    </span>
                  ))
                : null}
              {links.map((link) => (
                <AppLink
                  key={link.id}
                  to={localizedPath(locale, link.path)}
                  className={secondaryButton}
                  title={link.hint}
                >
                  <Icon name={link.icon} className="size-4" />
                  {link.title}
                </AppLink>
              ))}
              <span className="ml-auto text-slate-500 text-xs dark:text-slate-400">
                {canUpdate ? texts.keyboardHint() : texts.printHint()}
              </span>
            </div>
          </section>
          {layout.cards.map(({ key, Card }) => (
            <Card
              key={key}
              record={record}
              id={id}
              reloadKey={reloadKey}
              reload={reload}
              canUpdate={canUpdate}
              statusHistory={statusHistory}
            />
          ))}
          {layout.workflow ? <StatusHistoryCard client={layout.workflow} history={statusHistory} /> : null}
          {layout.timelineEntity ? (
            // On screen only: the printed paper stays the file, not its story.
            <div className="print:hidden">
              <TimelineCard
                apiBase={definition.apiBase}
                entity={layout.timelineEntity}
                resourceName={definition.name}
                fields={definition.fields}
                recordId={id}
                reloadKey={reloadKey + actionsTaken}
                actionLabel={(action) => layout.workflow?.texts(LL).action(action) ?? action}
                idPrefix={layout.idPrefix}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {actions?.element}
    </div>
  );
};

/** The line on top of the printout: the programme, what the paper is, and the day it was printed. */
const PrintHeader = ({ texts }: { texts: TShowLayout['texts'] }) => {
  const setup = useAtomValue(setupAtom);
  const appName = setup?.generals.app_name ?? null;
  // The name the administrator gave the programme, else the shipped one.
  const shipped = bothLanguages((book) => book.app.pageTitle());
  const named = {
    kh: translate(appName, 'kh') || shipped.kh,
    en: translate(appName, 'en') || shipped.en,
  };
  const paper = bothLanguages((book) => texts(book).paperTitle());
  const printed = formatDate(isoDateIn(new Date()));
  const printedOn = bothLanguages((book) => (texts(book) as TShowTexts).printedOn(printed));
  return (
    <div className="mb-4 hidden border-black border-b pb-2 text-xs print:flex print:items-end print:justify-between print:gap-4">
      <div>
        <div className="font-semibold">
          <span lang="km">{named.kh}</span>
          {named.en !== named.kh ? <span lang="en"> / {named.en}</span> : null}
        </div>
        <div>
          <span lang="km">{paper.kh}</span> / <span lang="en">{paper.en}</span>
        </div>
      </div>
      <div className="whitespace-nowrap text-right">
        <div lang="km">{printedOn.kh}</div>
        <div lang="en">{printedOn.en}</div>
      </div>
    </div>
  );
};
