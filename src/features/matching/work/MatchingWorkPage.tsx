import { Suspense } from 'react';
import { areaShowLayout } from '@/components/record/areaShowLayout';
import { linkIf } from '@/components/record/linkIf';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowCardProps } from '@/components/record/showLayout';
import { matchingArea } from '@/domain/areas/matching.area';
import { newServiceLink } from '@/domain/newServiceLink';
import { hasPermission } from '@/domain/permissions';
import { AdoptionServicesCard } from '@/features/service';
import { matchingClientResource } from '../resources';
import {
  MatchingDocumentsCard,
  MatchingIdentity,
  MatchingProposalCard,
  MatchingStagesCard,
} from '../show/matchingCards';
import { matchingWorkflowClient } from '../status/matchingWorkflowClient';

/** A completed matching's services after adoption (its follow-up schedule); none before. */
const ServicesCard = ({ record, id, reloadKey }: TShowCardProps) =>
  record.status === 'completed' ? (
    <Suspense fallback={null}>
      <AdoptionServicesCard of={{ matchingId: id }} idPrefix="matching" reloadKey={reloadKey} />
    </Suspense>
  ) : null;

/**
 * A matching's working page (`/adoptive-matching/matching/{id}`, `matchings:read`): who is matched,
 * the actions this user may take now (a decision four-eyes refuses is shown with why), the stages
 * with their dates and deciders, the compatibility as recorded, documents per stage, once completed
 * its services after adoption, the status history and the timeline.
 */
export const matchingWorkLayout = areaShowLayout(matchingArea, {
  resource: matchingClientResource,
  page: 'matching',
  editPermission: 'matchings:update',
  Identity: MatchingIdentity,
  cards: [
    { key: 'stages', Card: MatchingStagesCard },
    { key: 'proposal', Card: MatchingProposalCard },
    { key: 'documents', Card: MatchingDocumentsCard },
    { key: 'services', Card: ServicesCard },
  ],
  workflow: matchingWorkflowClient,
  links: (record, LL, user) => [
    ...linkIf(hasPermission(user, 'matchings:write'), () => ({
      id: 'summary',
      title: LL.areas.matching.openSummary(),
      icon: 'printer',
      path: `${matchingClientResource.definition.routeBase}/show/${record.id}`,
    })),
    ...newServiceLink('matching', record, LL, user),
  ],
});

const MatchingWorkPage = () => <ResourceShowPage layout={matchingWorkLayout} />;

export default MatchingWorkPage;
