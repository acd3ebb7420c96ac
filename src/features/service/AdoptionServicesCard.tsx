import { useCallback } from 'react';
import { AppLink } from '@/components/AppLink';
import { Badge } from '@/components/Badge';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import {
  historyCellClass as cellClass,
  HistoryHeading as Heading,
  HistoryBody,
} from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useResourceText } from '@/components/resource/useResourceText';
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

/** Whose services, the page's id prefix (`child`, `matching`) and the page's reload count. */
type TServicesCardProps = { of: TServicesOf; idPrefix: string; reloadKey: number };

/**
 * 'Services after adoption' on a child's page and on a completed matching's: each follow-up with
 * its type (opening its page), planned day with 'Due soon' or 'Overdue', and status; for users who
 * may read services (nothing is asked of the server for the others). A failure stays in the card.
 */
export const AdoptionServicesCard = (props: TServicesCardProps) => {
  const { user } = useSession();
  if (!hasPermission(user, 'post_adoption_services:read')) return null;
  return <ServicesTable {...props} />;
};

const ServicesTable = ({ of, idPrefix, reloadKey }: TServicesCardProps) => {
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
        <HistoryBody
          history={services}
          empty={LL.areas.service.noFollowUp()}
          loadingText={LL.areas.service.servicesLoading()}
          failedText={LL.areas.service.servicesFailed()}
        >
          {(rows) => (
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
                {rows.map((service) => (
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
          )}
        </HistoryBody>
      </SummaryCard>
    </div>
  );
};
