import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAttachmentBinding } from '../attachments/binding';
import type { TDashboardCard } from '../dashboard/dashboardCard';
import type { TDemoSeeder } from '../db/demo/demoSeed';
import type { TDuplicateBinding } from '../duplicates/binding';
import type { TResourceBinding } from '../resources/resourceBinding';
import type { TImportBinding } from '../upload/importBinding';
import type { TWorkflowBinding } from '../workflows/binding';
import type { TWorkQueueSource } from '../workQueue/workQueueSource';

/**
 * What a feature adds to the server (DESIGN.md section 1): its resources (served by the resource
 * engine), its workflows (served by the workflow engine), the few routes of its own, and hooks on
 * the API scope. `server/app.ts` loops over `serverModules` and does not change per feature.
 */
export type TServerModule = {
  name: string;
  /** Runs on the API scope before the module's routes (the children's office scope hook). */
  register?: (api: FastifyInstance) => void;
  resources?: readonly TResourceBinding[];
  workflows?: readonly TWorkflowBinding[];
  /** Record types whose files the attachments engine serves. */
  attachments?: readonly TAttachmentBinding[];
  routes?: readonly FastifyPluginAsyncZod[];
  /** Its records imported from a workbook (`/upload/{name}/...`, issue 25: server/upload). */
  imports?: readonly TImportBinding[];
  /** What waits on its records for a user: the work-queue engine (server/workQueue) asks them. */
  workQueue?: readonly TWorkQueueSource[];
  /** Its cards on the dashboard (`GET /dashboard`): the dashboard asks them (server/dashboard). */
  dashboard?: readonly TDashboardCard[];
  /** Its records checked for duplicates, listed in pairs and merged (issue 35: server/duplicates). */
  duplicates?: readonly TDuplicateBinding[];
  /** Its demo data (`npm run seed:demo`), run in the modules' order (server/db/demo/demoSeed.ts). */
  demoSeed?: TDemoSeeder;
};
