import { auth, type TFeature } from '../featureRoutes';

const permission = 'adopted_child_reports:read';

/**
 * Reports (issue 24): the children's and the parents' report, one screen engine
 * (ReportScreen.tsx) drawing either description (reportDescriptions.ts); its charts' library is
 * loaded by that screen alone.
 */
export const feature: TFeature = {
  name: 'reports',
  order: 60,
  routes: [
    auth('/reports/child', permission, () =>
      import('./ReportScreen').then((module) => ({ default: module.ChildReportScreen })),
    ),
    auth('/reports/parents', permission, () =>
      import('./ReportScreen').then((module) => ({ default: module.ParentsReportScreen })),
    ),
  ],
  palettePages: [
    {
      id: 'reports-children',
      path: '/reports/child',
      permission,
      icon: 'report',
      title: (LL) => LL.reports.screen.paletteChildren(),
    },
    {
      id: 'reports-parents',
      path: '/reports/parents',
      permission,
      icon: 'report',
      title: (LL) => LL.reports.screen.paletteParents(),
    },
  ],
};
