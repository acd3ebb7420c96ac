import { areaPermission } from '../../../src/domain/areas/area';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import { hasPermission } from '../../../src/domain/permissions';
import { overdueSpan } from '../../../src/domain/reports/reportListPaths';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import type { TDashboardCard, TDashboardCardContext } from '../../dashboard/dashboardCard';
import { figure, keptInOffice } from '../../dashboard/dashboardFigures';
import { matchingsNow } from '../reports';

/** The statuses of a matching that ended: counted apart from the stages. */
const endedMatchingStatuses = ['completed', 'rejected'] as const;

/**
 * Matchings by stage, with those in their stage longer than its expected days (setting
 * `stageExpectedDays`, counted as the work queue counts an overdue stage), and those that ended
 * (completed, rejected): every matching the user may see. Counts by status, folded into stages. An overdue count opens the stage's list of matchings that entered it before its expected
 * days ran out (`stageEnteredIn`, issue 35).
 */
const matchingsByStage = async ({ db, user, today, settings }: TDashboardCardContext) => {
  const expectedDays = settings.stageExpectedDays;
  // By status from the kept counts (migration 0038), less those still on time for the overdue ones:
  // the open ones by stage, the ended ones.
  const rows = (
    await matchingsNow(db, {
      statuses: [
        ...matchingStageNames.flatMap((stage) => [...matchingStages[stage]]),
        ...endedMatchingStatuses,
      ],
      expectedDays: Object.fromEntries(
        matchingStageNames.flatMap((stage) =>
          matchingStages[stage].map((status) => [status, expectedDays[stage]]),
        ),
      ),
      today,
      condition: keptInOffice(user),
    })
  ).map((row) => ({ status: row.status, value: row.n, overdue: row.overdue }));
  return {
    byStage: matchingStageNames.map((stage) => {
      const inStage = rows.filter((row) => (matchingStages[stage] as readonly string[]).includes(row.status));
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        inStage.reduce((total, row) => total + Number(pick(row)), 0);
      return {
        ...figure(
          matchingArea,
          stage,
          sum((row) => row.value),
          { stage },
        ),
        overdue: figure(
          matchingArea,
          'overdue',
          sum((row) => row.overdue),
          {
            stage,
            stageEnteredIn: overdueSpan(today, expectedDays[stage]),
          },
        ),
        expectedDays: expectedDays[stage],
      };
    }),
    ended: endedMatchingStatuses.map((status) =>
      figure(matchingArea, status, Number(rows.find((row) => row.status === status)?.value ?? 0), { status }),
    ),
  };
};

export const matchingDashboardCard: TDashboardCard = {
  key: 'matchings',
  order: 20,
  mayRead: (user) => hasPermission(user, areaPermission(matchingArea, 'read')),
  count: matchingsByStage,
};
