import { areaStatusText } from '../../../src/domain/areas/areaWords';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { checklistItems } from '../../../src/domain/resources/parent';
import { parentInfos } from '../../db/schema';
import { householdRoutes } from '../../household/householdRoutes';
import { nameIn } from '../../resources/exportNames';
import { headOfficeOfUserRoute } from '../../resources/headOfficeOfUserRoute';
import type { TServerModule } from '../module';
import { seedDemoParents } from './demoParents';
import { parentBinding } from './parentBinding';
import { parentDashboardCard } from './parentDashboard';
import { parentDuplicates } from './parentDuplicates';
import { parentHouseholdBinding } from './parentHouseholdBinding';
import { parentImport } from './parentImport';
import { parentWorkflowBinding } from './parentWorkflowBinding';
import { parentWorkQueue } from './parentWorkQueue';

/**
 * Parent applications (issue 12): the record on the resource engine (list, form, lookups, export),
 * its workflow on the workflow engine, its documents on the attachments engine, its household;
 * kept by office.
 */
export const parentsModule: TServerModule = {
  name: 'parents',
  resources: [
    {
      ...parentBinding,
      export: {
        filename: 'parent-applications',
        sheetTitle: { kh: 'ពាក្យស្នើសុំរបស់ឪពុកម្ដាយ', en: 'Parent applications' },
        columns: [
          { key: 'code', heading: (t) => t.fields.code(), width: 18 },
          { key: 'applicantsKh', heading: (t) => t.fields.applicantsKh(), width: 36 },
          { key: 'applicantsEn', heading: (t) => t.fields.applicantsEn(), width: 36 },
          {
            key: 'applicantType',
            heading: (t) => t.fields.applicantType(),
            value: (type, t) =>
              type === 'single' ? t.options.applicantType.single() : t.options.applicantType.couple(),
            width: 16,
          },
          {
            key: 'province',
            heading: (t) => t.fields.province(),
            value: (place, _t, locale) => nameIn(place, locale),
            width: 22,
          },
          {
            key: 'headOffice',
            heading: (t) => t.fields.headOffice(),
            value: (office, _t, locale) => nameIn(office, locale),
            width: 28,
          },
          { key: 'applicationDate', heading: (t) => t.fields.applicationDate(), date: true, width: 14 },
          {
            key: 'status',
            heading: (t) => t.fields.status(),
            value: (status, t) => areaStatusText(t, parentArea, String(status)),
            width: 14,
          },
          { key: 'approvedUntil', heading: (t) => t.fields.approvedUntil(), date: true, width: 14 },
        ],
      },
    },
  ],
  workflows: [parentWorkflowBinding],
  attachments: [
    {
      entity: parentArea.entity,
      apiBase: parentArea.apiBase,
      tag: 'parent infos',
      table: parentInfos,
      columns: { id: parentInfos.id, code: parentInfos.code },
      officeColumn: parentInfos.headOfficeId,
      readPermission: 'adoptive_parents:read',
      writePermission: 'adoptive_parents:update',
      slots: checklistItems,
    },
  ],
  routes: [
    householdRoutes(parentHouseholdBinding),
    headOfficeOfUserRoute(`${parentArea.apiBase}/head-office-user`, ['parent infos'], 'application'),
  ],
  workQueue: parentWorkQueue,
  dashboard: [parentDashboardCard],
  demoSeed: seedDemoParents,
  imports: [parentImport],
  duplicates: [parentDuplicates],
};

/** The list's approval filter (expiring, expired): the dashboard counts with it, so its figures match the list. */
export { approvalFilter } from './parentBinding';
/** What the matchings' workflow moves along with a matching (server/modules/matchings). */
export { parentWorkflowBinding } from './parentWorkflowBinding';
