import { getDefaultStore } from 'jotai';
import type { TClientResource } from '@/components/resource/resourceArea';
import { communeResource } from '@/domain/resources/commune';
import { departmentResource } from '@/domain/resources/department';
import { districtResource } from '@/domain/resources/district';
import { headOfficeResource } from '@/domain/resources/headOffice';
import { languageResource } from '@/domain/resources/language';
import { organizationResource } from '@/domain/resources/organization';
import { positionResource } from '@/domain/resources/position';
import { provinceResource } from '@/domain/resources/province';
import { stateResource } from '@/domain/resources/state';
import { villageResource } from '@/domain/resources/village';
import { localizationsVersionAtom } from '@/state/locale';
import { pageRouteOf } from '../resourcePageRoutes';

/** The configuration screens of spec section 2, each driven by its description in src/domain. */
export const configurationResources: TClientResource[] = [
  { definition: provinceResource, ...pageRouteOf('province') },
  { definition: stateResource, ...pageRouteOf('state') },
  { definition: districtResource, ...pageRouteOf('district') },
  { definition: communeResource, ...pageRouteOf('commune') },
  { definition: villageResource, ...pageRouteOf('village') },
  { definition: organizationResource, ...pageRouteOf('organization') },
  { definition: departmentResource, ...pageRouteOf('department') },
  { definition: positionResource, ...pageRouteOf('position') },
  { definition: headOfficeResource, ...pageRouteOf('headOffice') },
  {
    definition: languageResource,
    ...pageRouteOf('language'),
    // Saved overrides show at once, without a reload of the page.
    afterWrite: () => getDefaultStore().set(localizationsVersionAtom, (version) => version + 1),
  },
];
