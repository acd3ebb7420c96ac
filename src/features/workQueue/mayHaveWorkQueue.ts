import { hasPermission } from '@/domain/permissions';

/**
 * Whether a user may find anything on the work queue (server/workQueue): a decision needs
 * matchings:read as well as :approve, an overdue stage matchings:read, an approval ending
 * adoptive_parents:read, a service to follow up post_adoption_services:read. The bell, its reads
 * and the home card are for them only.
 */
export const mayHaveWorkQueue = (user: Parameters<typeof hasPermission>[0]): boolean =>
  ['matchings:read', 'adoptive_parents:read', 'post_adoption_services:read'].some((permission) =>
    hasPermission(user, permission),
  );
