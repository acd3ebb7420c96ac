import { Navigate, useParams } from 'react-router';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowLayout } from '@/components/record/showLayout';
import { serviceCreateLink } from '@/domain/newServiceLink';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { serviceClientResource } from '../serviceClient';
import { servicePagePermission } from '../servicePagePermission';
import { serviceWorkflowClient } from '../status/serviceWorkflowClient';
import {
  ServiceAdoptionCard,
  ServiceDetailsCard,
  ServiceDocumentsCard,
  ServiceFindingsCard,
  ServiceIdentity,
} from './serviceCards';

/**
 * A service's page (`/service-after-adoption/show/{id}`) as a layout of cards: whose follow-up and
 * its state, the adoption it follows, the findings, the service itself, its documents, then the
 * status history and the timeline. The engine gives the actions (record, not given, back to
 * pending) as buttons and palette commands by name, the edit link, print and the palette.
 */
export const serviceShowLayout: TShowLayout = {
  resource: serviceClientResource,
  idPrefix: 'service',
  editPermission: servicePagePermission,
  Identity: ServiceIdentity,
  cards: [
    { key: 'adoption', Card: ServiceAdoptionCard },
    { key: 'findings', Card: ServiceFindingsCard },
    { key: 'details', Card: ServiceDetailsCard },
    { key: 'documents', Card: ServiceDocumentsCard },
  ],
  workflow: serviceWorkflowClient,
  timelineEntity: 'post_adoption_services',
  // Another follow-up of the same child, from the one on screen.
  links: (record, LL, user) => serviceCreateLink('child', record.childId, LL, user),
  texts: (LL) => ({
    loading: LL.areas.service.show.loading,
    editRecord: LL.areas.service.show.editRecord,
    printRecord: LL.areas.service.show.printRecord,
    toolbar: LL.areas.service.show.recordActions,
    edit: LL.areas.service.show.edit,
    print: LL.areas.service.show.print,
    keyboardHint: LL.areas.service.show.keyboardHint,
    printHint: LL.areas.service.show.printHint,
    paperTitle: LL.areas.service.show.paperTitle,
    printedOn: (date) => LL.areas.service.show.printedOn({ date }),
  }),
};

/** The spec makes the id optional (`show/{id optional}`): without one there is nothing to show, so the list opens. */
const ServiceShowPage = () => {
  const { id } = useParams();
  const locale = useRouteLocale();
  if (!id) return <Navigate to={localizedPath(locale, serviceClientResource.definition.routeBase)} replace />;
  return <ResourceShowPage layout={serviceShowLayout} />;
};

export default ServiceShowPage;
