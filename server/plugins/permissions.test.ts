import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerPermissions } from './permissions';

describe('registerPermissions', () => {
  it('refuses to start when an /api/v1 route declares no permission', async () => {
    const app = Fastify();
    registerPermissions(app);
    await expect(async () => {
      app.get('/api/v1/forgotten', async () => 'oops');
      await app.ready();
    }).rejects.toThrow('Route GET /api/v1/forgotten declares no permission');
    await app.close();
  });

  it('records each declared route with its permission, ignoring routes outside /api/v1', async () => {
    const app = Fastify();
    registerPermissions(app);
    app.get('/api/v1/things', { config: { permission: 'adoptive_children:read' } }, async () => 'ok');
    app.post(
      '/api/v1/things',
      { config: { permission: 'adoptive_children:write', answers: 'adoptive_children:read' } },
      async () => 'ok',
    );
    app.get('/health', async () => 'ok');
    await app.ready();
    expect(app.routePermissions).toEqual([
      { method: 'GET', url: '/api/v1/things', permission: 'adoptive_children:read', answers: undefined },
      {
        method: 'POST',
        url: '/api/v1/things',
        permission: 'adoptive_children:write',
        answers: 'adoptive_children:read',
      },
    ]);
    await app.close();
  });

  it('refuses to start when a write route guarded by a permission does not say who may receive its answer', async () => {
    const app = Fastify();
    registerPermissions(app);
    await expect(async () => {
      app.post('/api/v1/things', { config: { permission: 'adoptive_children:write' } }, async () => 'ok');
      await app.ready();
    }).rejects.toThrow('declares no config.answers');
    await app.close();
  });
});
