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

const area = { key: 'configuration' } as const;

/** The configuration screens of spec section 2, each driven by its description in src/domain. */
export const configurationResources: TClientResource[] = [
  { definition: provinceResource, area, editIdOptional: true },
  { definition: stateResource, area, editIdOptional: true },
  { definition: districtResource, area, editIdOptional: true },
  { definition: communeResource, area, editIdOptional: true },
  { definition: villageResource, area, editIdOptional: true },
  { definition: organizationResource, area, editIdOptional: true },
  { definition: departmentResource, area, editIdOptional: true },
  { definition: positionResource, area, editIdOptional: true },
  { definition: headOfficeResource, area, editIdOptional: false },
  {
    definition: languageResource,
    area,
    editIdOptional: true,
    // Saved overrides show at once, without a reload of the page.
    afterWrite: () => getDefaultStore().set(localizationsVersionAtom, (version) => version + 1),
  },
];
