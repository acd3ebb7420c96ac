import type { TClientResource } from '@/components/resource/resourceArea';
import { auditClientResource } from './auditClient';
import { roleClientResource } from './roleClient';
import { systemMenuClientResource } from './systemMenuClient';
import { userClientResource } from './userClient';

/** The security screens of spec section 2 driven by the resource machinery: role, user, system menu, the audit log. */
export const securityResources: TClientResource[] = [
  roleClientResource,
  userClientResource,
  systemMenuClientResource,
  auditClientResource,
];
