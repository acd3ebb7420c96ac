import type { TClientResource } from '@/components/resource/resourceArea';
import { auditEntryResource } from '@/domain/resources/auditEntry';
import { pageRouteOf } from '../resourcePageRoutes';

/**
 * The audit log (`/security/audit`, DESIGN.md section 7): who changed which record, when, with
 * which action and fields; filtered by user, record, action and period. Read only.
 */
export const auditClientResource: TClientResource = {
  definition: auditEntryResource,
  ...pageRouteOf('auditEntry'),
};
