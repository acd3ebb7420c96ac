import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowLayout } from '@/components/record/showLayout';
import { matchingClientResource } from '../matchingClient';
import { MatchingIdentity, MatchingProposalCard, MatchingStagesCard } from './matchingCards';
import { matchingShowTexts } from './matchingTexts';

/**
 * A matching's printable summary (`/adoptive-matching/show/{id}`, `matchings:write` as spec
 * section 6 says): who, the stages with dates and deciders, the compatibility and justification;
 * no actions (they are on the working page, linked).
 */
const matchingSummaryLayout: TShowLayout = {
  resource: matchingClientResource,
  idPrefix: 'matching-summary',
  editPermission: 'matchings:update',
  Identity: MatchingIdentity,
  cards: [
    { key: 'stages', Card: MatchingStagesCard },
    { key: 'proposal', Card: MatchingProposalCard },
  ],
  readsStatusHistory: true,
  links: (record, LL) => [
    {
      id: 'working-page',
      title: LL.matching.openWorkingPage(),
      icon: 'matching',
      path: `${matchingClientResource.definition.routeBase}/matching/${record.id}`,
    },
  ],
  texts: matchingShowTexts,
};

const MatchingShowPage = () => <ResourceShowPage layout={matchingSummaryLayout} />;

export default MatchingShowPage;
