import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowLayout } from '@/components/record/showLayout';
import { hasPermission } from '@/domain/permissions';
import { matchingClientResource } from '../matchingClient';
import {
  MatchingDocumentsCard,
  MatchingIdentity,
  MatchingProposalCard,
  MatchingStagesCard,
} from '../show/matchingCards';
import { matchingShowTexts } from '../show/matchingTexts';
import { matchingWorkflowClient } from '../status/matchingWorkflowClient';

/**
 * A matching's working page (`/adoptive-matching/matching/{id}`, `matchings:read`): who is matched,
 * the actions this user may take now (a decision four-eyes refuses is shown with why), the stages
 * with their dates and deciders, the compatibility as recorded, documents per stage, the status
 * history and the timeline.
 */
export const matchingWorkLayout: TShowLayout = {
  resource: matchingClientResource,
  idPrefix: 'matching',
  page: 'matching',
  editPermission: 'matchings:update',
  Identity: MatchingIdentity,
  cards: [
    { key: 'stages', Card: MatchingStagesCard },
    { key: 'proposal', Card: MatchingProposalCard },
    { key: 'documents', Card: MatchingDocumentsCard },
  ],
  workflow: matchingWorkflowClient,
  timelineEntity: 'adoptive_matchings',
  links: (record, LL, user) =>
    hasPermission(user, 'matchings:write')
      ? [
          {
            id: 'summary',
            title: LL.matching.openSummary(),
            icon: 'printer',
            path: `${matchingClientResource.definition.routeBase}/show/${record.id}`,
          },
        ]
      : [],
  texts: matchingShowTexts,
};

const MatchingWorkPage = () => <ResourceShowPage layout={matchingWorkLayout} />;

export default MatchingWorkPage;
