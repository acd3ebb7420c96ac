import { areaStatusText } from '../../../src/domain/areas/areaWords';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { peopleNames, personName, type TPersonName } from '../../../src/domain/personName';
import { wordText } from '../../../src/i18n/wordOf';
import { postAdoptionServices } from '../../db/schema';
import type { TServerModule } from '../module';
import { adoptiveChildRoutes } from './adoptiveChildRoutes';
import { serviceBinding } from './serviceBinding';
import { serviceDashboardCard } from './serviceDashboard';
import { serviceWorkflowBinding } from './serviceWorkflowBinding';
import { serviceWorkQueue } from './serviceWorkQueue';

const option = (book: object, value: unknown) =>
  typeof value === 'string' ? (wordText(book, value) ?? value) : '';

/**
 * Services after adoption (issue 14): the record on the resource engine (`/service-after-adoption`:
 * list with due marks and filters, export, add by hand for an adopted child, edit, delete while
 * pending), its three actions on the workflow engine, its documents on the attachments engine; the
 * follow-up schedule is made by the matching's completion (followUpSchedule.ts). Kept by the
 * matching's office.
 */
export const servicesModule: TServerModule = {
  name: 'services',
  resources: [
    {
      ...serviceBinding,
      export: {
        filename: 'services-after-adoption',
        sheetTitle: { kh: 'សេវាក្រោយការសុំកុមារធម៌', en: 'Services after adoption' },
        columns: [
          { key: 'code', heading: (t) => t.fields.code(), width: 18 },
          { key: 'childCode', heading: (t) => t.fields.childCode(), width: 18 },
          {
            key: 'childName',
            heading: (t) => t.fields.childName(),
            value: (names, _t, locale) => personName(names as TPersonName, locale),
            width: 30,
          },
          {
            key: 'applicants',
            heading: (t) => t.fields.applicants(),
            value: (names, _t, locale) => peopleNames(names, locale),
            width: 36,
          },
          {
            key: 'serviceType',
            heading: (t) => t.fields.serviceType(),
            value: (type, t) => option(t.options.serviceType, type),
            width: 20,
          },
          { key: 'plannedDate', heading: (t) => t.fields.plannedDate(), date: true, width: 14 },
          { key: 'actualDate', heading: (t) => t.fields.actualDate(), date: true, width: 14 },
          {
            key: 'officer',
            heading: (t) => t.fields.officer(),
            value: (officer) => (officer as { name?: string } | null)?.name ?? '',
            width: 24,
          },
          {
            key: 'status',
            heading: (t) => t.fields.status(),
            value: (status, t) => areaStatusText(t, serviceArea, String(status)),
            width: 14,
          },
          {
            key: 'overdue',
            heading: (t) => t.fields.dueState(),
            value: (overdue, t) => (overdue === true ? t.options.dueState.overdue() : ''),
            width: 14,
          },
          {
            key: 'concern',
            heading: (t) => t.options.finding.concern(),
            value: (concern, t) => (concern === true ? t.options.boolean.yes() : ''),
            width: 12,
          },
        ],
      },
    },
  ],
  workflows: [serviceWorkflowBinding],
  attachments: [
    {
      entity: serviceArea.entity,
      apiBase: serviceArea.apiBase,
      tag: 'service after adoption',
      table: postAdoptionServices,
      columns: { id: postAdoptionServices.id, code: postAdoptionServices.code },
      officeColumn: postAdoptionServices.headOfficeId,
      readPermission: 'post_adoption_services:read',
      writePermission: 'post_adoption_services:update',
      slots: ['documents'],
    },
  ],
  routes: [adoptiveChildRoutes],
  workQueue: serviceWorkQueue,
  dashboard: [serviceDashboardCard],
};

/** What other modules read of the services: the follow-ups a completed matching plans, the due rules. */
export { scheduleFollowUps } from './followUpSchedule';
export { serviceDueSoonSql, serviceOverdueSql } from './serviceBinding';
export { serviceWorkflowBinding } from './serviceWorkflowBinding';
