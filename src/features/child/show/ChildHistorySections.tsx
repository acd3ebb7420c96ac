import { AppLink } from '@/components/AppLink';
import {
  historyCellClass as cellClass,
  HistoryHeading as Heading,
  HistoryBody,
} from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useHistory } from '@/components/record/useHistory';
import { matchingArea } from '@/domain/areas/matching.area';
import { hasPermission } from '@/domain/permissions';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { matchingCells } from './statusHistory';

/** 'Matching history': the child's matchings, newest first: date, the matching and family (opening it), status. */
export const MatchingHistorySection = ({ childId, reloadKey }: { childId: string; reloadKey: number }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const history = useHistory<Record<string, unknown>>(
    `${matchingArea.apiBase}/histories/${childId}`,
    reloadKey,
  );
  // Each matching opens on its working page, for those who may read matchings.
  const canOpen = hasPermission(useSession().user, 'matchings:read');
  return (
    <SummaryCard
      id="child-matching-history"
      title={LL.areas.child.show.matchingHistory()}
      both={bothLanguages((book) => book.areas.child.show.matchingHistory())}
    >
      <HistoryBody history={history} empty={LL.areas.child.show.noMatching()}>
        {(rows) => (
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{LL.areas.child.show.matchingHistory()}</caption>
            <thead>
              <tr>
                <Heading pick={(book) => book.areas.child.show.date()} />
                <Heading pick={(book) => book.areas.child.show.action()} />
                <Heading pick={(book) => book.areas.child.show.status()} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const cells = matchingCells(row, locale);
                return (
                  <tr key={String(row.id ?? index)} className="break-inside-avoid">
                    <td className={`${cellClass} whitespace-nowrap`}>{cells.date || '—'}</td>
                    <td className={cellClass}>
                      {typeof row.id === 'number' && canOpen ? (
                        <AppLink
                          to={localizedPath(locale, `${matchingArea.routeBase}/matching/${row.id}`)}
                          className="text-primary-700 hover:underline dark:text-primary-300"
                        >
                          {cells.action || '—'}
                        </AppLink>
                      ) : (
                        cells.action || '—'
                      )}
                    </td>
                    <td className={cellClass}>{cells.status || '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </HistoryBody>
    </SummaryCard>
  );
};
