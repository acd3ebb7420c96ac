import type { TClientResource } from '@/components/resource/resourceArea';
import { matchingClientResource } from './matchingClient';

/** The matching feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [matchingClientResource];
