import { areaShowTexts } from '@/components/record/areaShowTexts';
import { ResourceShowPage } from '@/components/record/ResourceShowPage';
import type { TShowLayout } from '@/components/record/showLayout';
import { matchingArea } from '@/domain/areas/matching.area';
import { matchingClientResource } from '../resources';
import { MatchingIdentity, MatchingProposalCard, MatchingStagesCard } from './matchingCards';

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
      title: LL.areas.matching.openWorkingPage(),
      icon: 'matching',
      path: `${matchingClientResource.definition.routeBase}/matching/${record.id}`,
    },
  ],
  texts: areaShowTexts(matchingArea),
};

const MatchingShowPage = () => <ResourceShowPage layout={matchingSummaryLayout} />;

export default MatchingShowPage;
