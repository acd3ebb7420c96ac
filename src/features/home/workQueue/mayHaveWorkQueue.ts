import { hasPermission } from '@/domain/permissions';
import { features } from '../../featureRegistry';

/**
 * Whether a user may find anything on the work queue (server/workQueue): each feature that puts
 * items there names the permission without which none of its items can wait for a user (matchings
 * :read, adoptive_parents:read, post_adoption_services:read). The bell, its reads and the home
 * card are for those who hold one.
 */
export const mayHaveWorkQueue = (user: Parameters<typeof hasPermission>[0]): boolean =>
  features.some((feature) => feature.workQueue && hasPermission(user, feature.workQueue.readPermission));
