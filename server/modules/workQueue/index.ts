import type { TServerModule } from '../module';
import { workQueueRoutes } from './workQueueRoutes';

/** The signed-in user's work queue (issue 13, DESIGN.md section 6): `GET /work-queue`. */
export const workQueueModule: TServerModule = { name: 'workQueue', routes: [workQueueRoutes] };
