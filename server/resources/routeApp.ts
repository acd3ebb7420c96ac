import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app as a resource's route makers receive it (zod-typed routes, inside the resource's plugin). */
export type TRouteApp = Parameters<FastifyPluginAsyncZod>[0];
