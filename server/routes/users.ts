import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUserInfo } from '../../src/domain/auth';
import { currentUser } from '../plugins/permissions';
import { dataOf, errorResponses } from './schemas';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/info',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with current roles and permissions',
        response: { 200: dataOf(ZUserInfo), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { id, name, username, roles, permissions } = currentUser(request);
      return { data: { id, name, username, roles, permissions } };
    },
  );
};
