import type { TClientResource } from '@/components/resource/resourceArea';
import { childClientResource } from './childClient';

/** The child feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [childClientResource];
