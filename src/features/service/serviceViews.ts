import { resourceAddresses } from '@/domain/resourceAddresses';

/**
 * 'My follow-ups' (issue 14's saved view): the signed-in user's pending services, the nearest
 * planned day first, so the week's visits come on top. An address of the list, in plain parameters
 * (the list reads them and writes them back in its own form).
 */
export const myFollowUpsQuery = 'mine=mine&status=pending&sort=plannedDate&order=asc';

export const myFollowUpsPath = `${resourceAddresses.service.routeBase}?${myFollowUpsQuery}`;

/** Where the service API is (`serviceResource.apiBase`), for screens that need no description. */
export const serviceApiBase = '/service-after-adoption';
