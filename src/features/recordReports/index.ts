import { recordReportBase } from '@/domain/recordReportLink';
import { auth, type TFeature } from '../featureRoutes';

/**
 * The printable report of one child or one application (issue 24, spec section 2 'Reports'):
 * `/reports/child/show/{id}` and `/reports/parents/show/{id}`, the id optional (without it, a search
 * to choose the record). Read permissions of the record's area, as spec section 6 says.
 */
/** A children list's selection printed as their record reports (the list's `printSelection`). */
export const childSelectionReports = () => import('./ChildSelectionReports');
/** An applications list's selection printed as their record reports. */
export const parentSelectionReports = () => import('./ParentSelectionReports');

export const feature: TFeature = {
  name: 'recordReports',
  order: 90,
  routes: [
    auth(`${recordReportBase.child}/:id?`, 'adoptive_children:read', () => import('./ChildRecordReportPage')),
    auth(
      `${recordReportBase.parent}/:id?`,
      'adoptive_parents:read',
      () => import('./ParentRecordReportPage'),
    ),
  ],
};
