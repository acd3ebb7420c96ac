import type { TClientResource } from '@/components/resource/resourceArea';
import { serviceClientResource } from './serviceClient';

/** The service feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [serviceClientResource];
