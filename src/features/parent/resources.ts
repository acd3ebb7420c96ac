import type { TClientResource } from '@/components/resource/resourceArea';
import { parentClientResource } from './parentClient';

/** The parent feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [parentClientResource];
