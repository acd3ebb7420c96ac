import { type ReactNode, useCallback } from 'react';
import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { focusRing, secondaryButton } from '@/components/ui';
import type { TAreaDefinition } from '@/domain/areas/area';
import { childArea } from '@/domain/areas/child.area';
import { matchingArea } from '@/domain/areas/matching.area';
import { parentArea } from '@/domain/areas/parent.area';
import type { TDashboard, TDashboardFigure } from '@/domain/dashboard';
import { formatInstant } from '@/domain/dateFormat';
import { groupedNumber } from '@/domain/groupedNumber';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { barPercent, changeView, hasCards, noRecordsYet } from './dashboardView';

type TData = TDashboard['data'];
type TStageFigure = NonNullable<TData['matchings']>['byStage'][number];

const cardClass =
  'flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
const rowClass = 'flex flex-col gap-1 rounded-md px-2 py-1.5 text-sm';
const linkRowClass = `${rowClass} hover:bg-slate-50 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * One figure: its name, its number and a bar of its share of the card's largest; a link to the list
 * of the records it counts when there is one (`listPath`, in the reader's language's addresses).
 */
const FigureRow = ({
  id,
  figure,
  label,
  values,
  aside,
}: {
  /** `children.registered`...: what the browser tests find the figure by. */
  id: string;
  figure: TDashboardFigure;
  label: ReactNode;
  /** The card's figures, for the bar's length. */
  values: readonly number[];
  /** Beside the number (a stage's overdue count). */
  aside?: ReactNode;
}) => {
  const locale = useRouteLocale();
  const body = (
    <>
      <span className="flex items-center gap-2">
        <span className="min-w-0 flex-1">{label}</span>
        <span className="font-semibold text-base text-slate-900 tabular-nums dark:text-slate-50">
          {figure.value}
        </span>
      </span>
      <span aria-hidden="true" className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
        <span
          className="block h-full rounded-full bg-primary-500 dark:bg-primary-400"
          style={{ width: `${barPercent(figure.value, values)}%` }}
        />
      </span>
    </>
  );
  return (
    <li className="flex flex-col">
      {figure.listPath ? (
        <AppLink
          to={localizedPath(locale, figure.listPath)}
          data-dashboard-figure={id}
          data-value={figure.value}
          className={linkRowClass}
        >
          {body}
        </AppLink>
      ) : (
        <div data-dashboard-figure={id} data-value={figure.value} className={rowClass}>
          {body}
        </div>
      )}
      {aside}
    </li>
  );
};

/** A card of figures under its title. */
const FigureCard = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={`dashboard-${id}`} data-dashboard-card={id} className={cardClass}>
    <h3
      id={`dashboard-${id}`}
      className="border-slate-200 border-b px-3 py-2 font-semibold dark:border-slate-800"
    >
      {title}
    </h3>
    <ul className="flex flex-col gap-0.5 p-1.5">{children}</ul>
  </section>
);

const StatusCard = ({
  id,
  title,
  area,
  figures,
  more,
}: {
  id: string;
  title: string;
  area: TAreaDefinition;
  figures: readonly TDashboardFigure[];
  more?: ReactNode;
}) => {
  const values = figures.map((figure) => figure.value);
  return (
    <FigureCard id={id} title={title}>
      {figures.map((figure) => (
        <FigureRow
          key={figure.key}
          id={`${id}.${figure.key}`}
          figure={figure}
          values={values}
          label={<AreaStatusBadge area={area} status={figure.key} />}
        />
      ))}
      {more}
    </FigureCard>
  );
};

/** A stage's overdue count, opening the list of the matchings it counts (issue 35). */
const OverdueLink = ({ stage }: { stage: TStageFigure }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const hint = LL.dashboard.overdueHint({ days: stage.expectedDays });
  const className = `mx-2 mb-1 w-fit rounded text-xs ${stage.overdue.value > 0 ? 'font-medium text-error' : 'text-slate-500 dark:text-slate-400'}`;
  const body = (
    <>
      {LL.dashboard.overdue({ count: stage.overdue.value })}
      <span className="sr-only"> ({hint})</span>
    </>
  );
  return stage.overdue.listPath ? (
    <AppLink
      to={localizedPath(locale, stage.overdue.listPath)}
      data-dashboard-figure={`matchingsOverdue.${stage.key}`}
      data-value={stage.overdue.value}
      title={hint}
      // 24 px high at least: a pointer's target (WCAG 2.2 target size; axe's target-size).
      className={`${className} inline-flex min-h-6 items-center underline-offset-2 hover:underline ${focusRing}`}
    >
      {body}
    </AppLink>
  ) : (
    <span
      data-dashboard-figure={`matchingsOverdue.${stage.key}`}
      data-value={stage.overdue.value}
      title={hint}
      className={className}
    >
      {body}
    </span>
  );
};

/** Whose records the cards count (issue 35): the user's office alone, or every office. */
const ScopeNote = ({ scope }: { scope: TData['scope'] }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  return (
    <p
      data-dashboard-scope={scope.office ? 'office' : 'all'}
      className="mt-1 flex items-center gap-1.5 text-slate-700 text-sm dark:text-slate-200"
    >
      <Icon name="info" className="size-4 shrink-0 text-slate-500" />
      {scope.office
        ? LL.dashboard.scopeOffice({ office: translate(scope.office.name, locale) })
        : LL.dashboard.scopeAll()}
    </p>
  );
};

/** The cards the answer holds, in reading order: each only when the user may read it. */
const Cards = ({ data }: { data: TData }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const stages = data.matchings?.byStage ?? [];
  const services = data.services;
  const applications = data.applications;
  return (
    <>
      <ScopeNote scope={data.scope} />
      {noRecordsYet(data) ? (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-slate-100 px-3 py-2 text-slate-700 text-sm dark:bg-slate-800 dark:text-slate-200">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {LL.dashboard.empty()}
        </p>
      ) : null}
      <div className="mt-3 grid grid-cols-1 items-start gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data.workQueue ? (
          <section
            aria-labelledby="dashboard-workQueue"
            data-dashboard-card="workQueue"
            className={cardClass}
          >
            <h3
              id="dashboard-workQueue"
              className="border-slate-200 border-b px-3 py-2 font-semibold dark:border-slate-800"
            >
              {LL.dashboard.workQueue()}
            </h3>
            {/* The queue's items are the card below on this page. */}
            <a
              href="#work-queue"
              data-dashboard-figure="workQueue"
              data-value={data.workQueue.total}
              className={`m-1.5 flex items-center gap-3 rounded-md px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-800 ${focusRing}`}
            >
              <Icon name="bell" className="size-6 text-primary-700 dark:text-primary-300" />
              <span className="font-semibold text-3xl text-slate-900 tabular-nums dark:text-slate-50">
                {data.workQueue.totalExact === false
                  ? LL.workQueue.totalAbout({ total: groupedNumber(data.workQueue.total) })
                  : data.workQueue.total}
              </span>
              <span className="text-slate-600 text-sm dark:text-slate-300">{LL.workQueue.title()}</span>
            </a>
          </section>
        ) : null}
        {data.children ? (
          <StatusCard
            id="children"
            title={LL.dashboard.children()}
            area={childArea}
            figures={data.children.byStatus}
          />
        ) : null}
        {stages.length > 0 ? (
          <FigureCard id="matchings" title={LL.dashboard.matchings()}>
            {stages.map((stage) => (
              <FigureRow
                key={stage.key}
                id={`matchings.${stage.key}`}
                figure={stage}
                values={stages.map((each) => each.value)}
                label={LL.options.stage[stage.key as keyof typeof LL.options.stage]?.() ?? stage.key}
                aside={<OverdueLink stage={stage} />}
              />
            ))}
            {/* The ended ones too: the card counts every matching the user may see (issue 35). */}
            {(data.matchings?.ended ?? []).map((ended) => (
              <FigureRow
                key={ended.key}
                id={`matchings.${ended.key}`}
                figure={ended}
                values={[...stages, ...(data.matchings?.ended ?? [])].map((each) => each.value)}
                label={
                  <span className="flex items-center gap-2">
                    <span className="text-slate-500 text-xs dark:text-slate-400">{LL.dashboard.ended()}</span>
                    <AreaStatusBadge area={matchingArea} status={ended.key} />
                  </span>
                }
              />
            ))}
          </FigureCard>
        ) : null}
        {services ? (
          <FigureCard id="services" title={LL.dashboard.services()}>
            {(['dueSoon', 'overdue'] as const).map((key) => (
              <FigureRow
                key={key}
                id={`services.${key}`}
                figure={services[key]}
                values={[services.dueSoon.value, services.overdue.value]}
                label={LL.options.dueState[key]()}
              />
            ))}
          </FigureCard>
        ) : null}
        {applications ? (
          <StatusCard
            id="applications"
            title={LL.dashboard.applications()}
            area={parentArea}
            figures={applications.byStatus}
            more={(['approvalsExpiring', 'approvalsExpired'] as const).map((key) => (
              <FigureRow
                key={key}
                id={`applications.${key}`}
                figure={applications[key]}
                values={[applications.approvalsExpiring.value, applications.approvalsExpired.value]}
                label={`${LL.dashboard.approvals()}: ${LL.options.approval[key === 'approvalsExpiring' ? 'expiring' : 'expired']()}`}
              />
            ))}
          />
        ) : null}
      </div>
      {data.changes ? (
        <section
          aria-labelledby="dashboard-changes"
          data-dashboard-card="changes"
          className={`mt-3 ${cardClass}`}
        >
          <h3
            id="dashboard-changes"
            className="border-slate-200 border-b px-3 py-2 font-semibold dark:border-slate-800"
          >
            {LL.dashboard.changes()}
          </h3>
          {data.changes.length === 0 ? (
            <p className="p-3 text-slate-600 text-sm dark:text-slate-300">{LL.dashboard.noChanges()}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {data.changes.map((change) => {
                const view = changeView(LL, change);
                const record = (
                  <>
                    <span className="text-slate-600 dark:text-slate-300">{view.kind}</span>{' '}
                    <span className="font-mono tabular-nums">{change.code ?? LL.dashboard.deleted()}</span>
                  </>
                );
                return (
                  <li
                    key={change.id}
                    data-dashboard-change=""
                    className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
                  >
                    {view.path ? (
                      <AppLink
                        to={localizedPath(locale, view.path)}
                        className={`rounded font-medium text-primary-800 underline decoration-primary-300 underline-offset-2 hover:decoration-primary-700 dark:text-primary-200 ${focusRing}`}
                      >
                        {record}
                      </AppLink>
                    ) : (
                      <span className="font-medium">{record}</span>
                    )}
                    <span className="text-slate-900 dark:text-slate-100">{view.action}</span>
                    <span className="text-slate-500 text-xs dark:text-slate-400">
                      {LL.dashboard.by({ who: change.userName ?? LL.record.timeline.someone() })} ·{' '}
                      <time dateTime={change.at}>{formatInstant(change.at)}</time>
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      ) : null}
    </>
  );
};

/** The cards' shapes while the figures are counted. */
const Skeleton = () => {
  const { LL } = useI18nContext();
  return (
    <div aria-busy="true" className="mt-3">
      <p className="sr-only" role="status">
        {LL.dashboard.loading()}
      </p>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className={`${cardClass} animate-pulse gap-3 p-3`}>
            <span className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-700" />
            {[0, 1, 2, 3].map((row) => (
              <span key={row} className="h-3 rounded bg-slate-100 dark:bg-slate-800" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
};

/**
 * The dashboard (DESIGN.md section 6, issue 24): the signed-in user's figures from `GET /dashboard`,
 * only the cards the answer holds (the server leaves out what their permissions do not allow);
 * every figure with a list opens it. A failure stays in the card with a retry: the rest of the
 * home page works without the figures.
 */
export const DashboardCards = () => {
  const { LL } = useI18nContext();
  const load = useCallback(
    async (signal: AbortSignal) => (await api<TDashboard>('/dashboard', { signal, errorMode: 'log' })).data,
    [],
  );
  const dashboard = useRemoteData(load);
  if (dashboard.state === 'ready' && !hasCards(dashboard.data)) return null;
  return (
    <section id="dashboard" aria-labelledby="dashboard-title" className="mt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="dashboard-title" className="font-semibold text-lg">
          {LL.dashboard.title()}
        </h2>
        {dashboard.state === 'ready' ? (
          <p className="text-slate-500 text-xs dark:text-slate-400">
            {LL.dashboard.asOf({ time: formatInstant(dashboard.data.asOf) })}
          </p>
        ) : null}
      </div>
      <p className="text-slate-500 text-xs dark:text-slate-400">{LL.dashboard.hint()}</p>
      {dashboard.state === 'loading' ? <Skeleton /> : null}
      {dashboard.state === 'failed' ? (
        <p role="alert" className="mt-3 flex flex-wrap items-center gap-2 text-error text-sm">
          <Icon name="alert" className="size-4" />
          {LL.dashboard.failed()}
          <button type="button" className={secondaryButton} onClick={dashboard.reload}>
            <Icon name="refresh" className="size-4" />
            {LL.list.retry()}
          </button>
        </p>
      ) : null}
      {dashboard.state === 'ready' ? <Cards data={dashboard.data} /> : null}
    </section>
  );
};
