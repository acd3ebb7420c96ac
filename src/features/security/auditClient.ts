import type { TClientResource } from '@/components/resource/resourceArea';
import { auditEntryResource } from '@/domain/resources/auditEntry';
import { pageRouteOf } from '../resourcePageRoutes';

/**
 * The audit log (`/security/audit`, DESIGN.md section 7): who changed which record (by its code),
 * when, with which action and what changed, in the reader's words; filtered by user, record type,
 * action and period, exported as a workbook. Read only.
 */
export const auditClientResource: TClientResource = {
  definition: auditEntryResource,
  ...pageRouteOf('auditEntry'),
  exportFormats: ['xlsx'],
};
