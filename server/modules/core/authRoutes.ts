import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSignInBody, ZTokenPair } from '../../../src/domain/auth';
import { deviceCookieHeader, parseCookieHeader } from '../../auth/deviceCookie';
import { unauthenticated } from '../../errors';
import { dataOf, errorResponses } from '../../http/schemas';
import { bearerToken, currentUser } from '../../plugins/permissions';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/sign-in',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: ZSignInBody,
        response: { 200: dataOf(ZTokenPair), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { tokens, deviceCookie } = await app.auth.signIn({
        ...request.body,
        address: request.ip,
        cookies: parseCookieHeader(request.headers.cookie),
      });
      // This browser has now signed in as this user: its own failures alone limit it from now on.
      reply.header(
        'set-cookie',
        deviceCookieHeader(deviceCookie.name, deviceCookie.value, request.protocol === 'https'),
      );
      return { data: tokens };
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (Bearer, or body refreshToken) for a new pair',
        body: z.object({ refreshToken: z.string().min(1).max(4000).optional() }),
        response: { 200: dataOf(ZTokenPair), ...errorResponses(401) },
      },
    },
    async (request) => {
      const token = bearerToken(request) ?? request.body.refreshToken;
      if (!token) throw unauthenticated();
      return { data: await app.auth.refresh(token) };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes every token of this session',
        response: { 200: dataOf(z.null()), ...errorResponses(401) },
      },
    },
    async (request) => {
      await app.auth.revokeFamily(currentUser(request).familyId);
      return { data: null };
    },
  );
};
