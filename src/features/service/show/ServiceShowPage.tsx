import { Navigate, useParams } from 'react-router';
import { areaShowLayout } from '@/components/record/areaShowLayout';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { serviceArea } from '@/domain/areas/service.area';
import { serviceCreateLink } from '@/domain/newServiceLink';
import { serviceWorkflow } from '@/domain/workflows/service.workflow';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { serviceClientResource } from '../resources';
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
export const serviceShowLayout = areaShowLayout(serviceArea, {
  resource: serviceClientResource,
  Identity: ServiceIdentity,
  cards: [
    { key: 'adoption', Card: ServiceAdoptionCard },
    { key: 'findings', Card: ServiceFindingsCard },
    { key: 'details', Card: ServiceDetailsCard },
    { key: 'documents', Card: ServiceDocumentsCard },
  ],
  // Its actions, dialog and history in the service's words (the findings' labels are the record's own fields').
  workflow: areaWorkflowClient(serviceArea, serviceWorkflow),
  // Another follow-up of the same child, from the one on screen.
  links: (record, LL, user) => serviceCreateLink('child', record.childId, LL, user),
});

/** The spec makes the id optional (`show/{id optional}`): without one there is nothing to show, so the list opens. */
const ServiceShowPage = () => {
  const { id } = useParams();
  const locale = useRouteLocale();
  if (!id) return <Navigate to={localizedPath(locale, serviceClientResource.definition.routeBase)} replace />;
  return <ResourceShowPage layout={serviceShowLayout} />;
};

export default ServiceShowPage;
