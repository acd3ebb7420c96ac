import { useCallback } from 'react';
import { AppLink } from '@/components/AppLink';
import { Badge } from '@/components/Badge';
import { Icon } from '@/components/Icon';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { historyCellClass as cellClass, HistoryHeading as Heading } from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useResourceText } from '@/components/resource/useResourceText';
import { secondaryButton } from '@/components/ui';
import { serviceArea } from '@/domain/areas/service.area';
import { formatDate } from '@/domain/dateFormat';
import { hasPermission } from '@/domain/permissions';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { ServiceDueBadge } from './ServiceDueBadge';

/** Whose services: a child's (its page) or an adoption's (a completed matching's page). */
export type TServicesOf = { childId: string | number } | { matchingId: string | number };

/** The list call of a child's or a matching's services: up to 50, the earliest planned first. */
export const servicesPath = (of: TServicesOf) => {
  const [key, value] = 'childId' in of ? ['childId', of.childId] : ['matchingId', of.matchingId];
  const query = new URLSearchParams({
    [key]: String(value),
    page: '1',
    take: '50',
    sort: 'plannedDate',
    order: 'asc',
  });
  return `${serviceArea.apiBase}?${query.toString()}`;
};

/**
 * 'Services after adoption' on a child's page and on a completed matching's: each follow-up with
 * its type (opening its page), planned day with 'Due soon' or 'Overdue', and status; for users who
 * may read services (nothing is asked of the server for the others). A failure stays in the card.
 */
export const AdoptionServicesCard = ({
  of,
  idPrefix,
  reloadKey,
}: {
  of: TServicesOf;
  idPrefix: string;
  reloadKey: number;
}) => {
  const { user } = useSession();
  if (!hasPermission(user, 'post_adoption_services:read')) return null;
  return <ServicesTable of={of} idPrefix={idPrefix} reloadKey={reloadKey} />;
};

const ServicesTable = ({
  of,
  idPrefix,
  reloadKey,
}: {
  of: TServicesOf;
  idPrefix: string;
  reloadKey: number;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const { optionLabel } = useResourceText('service');
  const path = servicesPath(of);
  const services = useRemoteData(
    useCallback(
      // Beside the record the page is about: a failure is said here, not in place of the page.
      async (signal: AbortSignal) =>
        (await api<{ data: TResourceRow[] }>(path, { signal, errorMode: 'log' })).data,
      [path],
    ),
    reloadKey,
  );
  const title = LL.resources.service.many();
  // `data-child-services`, `data-matching-services`: the browser tests find the card by it.
  const marker = { [`data-${idPrefix}-services`]: '' };
  return (
    <div {...marker} className="contents">
      <SummaryCard
        id={`${idPrefix}-services`}
        title={title}
        both={bothLanguages((book) => book.resources.service.many())}
      >
        {services.state === 'loading' ? (
          <p className="text-slate-500 text-sm dark:text-slate-400" aria-live="polite" aria-busy="true">
            {LL.areas.service.servicesLoading()}
          </p>
        ) : services.state === 'failed' ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-error-dark dark:text-red-300">{LL.areas.service.servicesFailed()}</span>
            <button type="button" className={`${secondaryButton} print:hidden`} onClick={services.reload}>
              <Icon name="refresh" className="size-4" />
              {LL.list.retry()}
            </button>
          </div>
        ) : services.data.length === 0 ? (
          <p className="text-slate-500 text-sm italic dark:text-slate-400">{LL.areas.service.noFollowUp()}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <Heading pick={(book) => book.fields.serviceType()} />
                  <Heading pick={(book) => book.fields.plannedDate()} />
                  <Heading pick={(book) => book.fields.status()} />
                </tr>
              </thead>
              <tbody>
                {services.data.map((service) => (
                  <tr key={service.id} data-service-row={service.id} className="break-inside-avoid">
                    <td className={cellClass}>
                      <AppLink
                        to={localizedPath(
                          locale,
                          `${resourceAddresses.service.routeBase}/show/${service.id}`,
                        )}
                        // Underlined: beside the code, colour alone would not tell it is a link (axe link-in-text-block).
                        className="text-primary-700 underline decoration-primary-300 underline-offset-2 hover:decoration-primary-700 dark:text-primary-300 dark:decoration-primary-700 dark:hover:decoration-primary-300"
                      >
                        {optionLabel('serviceType', String(service.serviceType))}
                      </AppLink>
                      <span className="ml-2 font-mono text-slate-500 text-xs tabular-nums dark:text-slate-400">
                        {String(service.code ?? '')}
                      </span>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <span className="inline-flex flex-wrap items-center gap-2">
                        {formatDate(service.plannedDate)}
                        <ServiceDueBadge record={service} />
                      </span>
                    </td>
                    <td className={cellClass}>
                      <span className="inline-flex flex-wrap items-center gap-2">
                        <AreaStatusBadge area={serviceArea} status={String(service.status)} />
                        {service.status === 'confirmed' && service.actualDate ? (
                          <span className="text-slate-600 text-xs dark:text-slate-300">
                            {LL.areas.service.givenOn({ date: formatDate(service.actualDate) })}
                          </span>
                        ) : null}
                        {service.concern === true ? (
                          <Badge tone="rose">{LL.options.finding.concern()}</Badge>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SummaryCard>
    </div>
  );
};
