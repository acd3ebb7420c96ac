import { ResourceListPage, type TListVariant } from '@/components/resource/ResourceListPage';
import { childClientResource } from './resources';

/**
 * `/can-adopt-child`: the children a matching may start from. `adoptable` is already 'confirmed and
 * not in an active matching': creating a matching moves a child to `matched`, a rejected one back.
 */
const adoptableVariant: TListVariant = {
  name: 'childAdoptable',
  path: '/can-adopt-child',
  fixedFilters: { status: 'adoptable' },
};

const CanAdoptChildPage = () => (
  <ResourceListPage resource={childClientResource} variant={adoptableVariant} />
);

export default CanAdoptChildPage;
