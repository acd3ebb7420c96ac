import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type TApp, type TBuildOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import type { TConfig } from '../../server/config';
import { ensureRole, upsertUser } from '../../server/db/fixtures';
import { headOffices, provinces } from '../../server/db/schema';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import type { TTokenPair } from '../../src/domain/auth';
import { watchDeclaredStatuses } from './support/declaredStatuses';

export const adminPassword = 'admin-pass-123';
export const userPassword = 'user-pass-123';

/** scrypt is slow on purpose: one hash of `userPassword` serves every user a test file creates. */
let userPasswordHash: Promise<string> | undefined;

/**
 * A database of its own: PGlite in memory, or (TEST_DATABASE_URL set) a uniquely named PostgreSQL
 * database created through that connection (a copy of the run's migrated template) and dropped on
 * close.
 */
const createDatabase = async (): Promise<{
  databaseUrl: string;
  memoryTemplate?: string;
  drop: () => Promise<void>;
}> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return { databaseUrl: 'memory://', memoryTemplate: inject('memoryTemplate'), drop: async () => {} };
  return createScratchDatabase(adminUrl, 'ab_test', inject('postgresTemplate'));
};

export type TTestApp = Awaited<ReturnType<typeof createTestApp>>;

export const createTestApp = async (
  overrides: Partial<TConfig> = {},
  options: Pick<TBuildOptions, 'extraApiRoutes' | 'logger' | 'clientBuilding'> & {
    /** Off only for apps whose probe routes answer undeclared statuses on purpose. */
    checkDeclaredStatuses?: boolean;
  } = {},
) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-api-test-'));
  const database = await createDatabase();
  /** A clock the tests move forward instead of sleeping. */
  let offsetMs = 0;
  const clock = {
    now: () => Date.now() + offsetMs,
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
  const config: TConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: database.databaseUrl,
    memoryTemplate: database.memoryTemplate,
    jwtSecret: randomBytes(32).toString('base64url'),
    adminPassword,
    accessTokenTtlS: 1800,
    refreshTokenTtlS: 2_592_000,
    refreshReuseGraceS: 10,
    clientDir: path.join(dataDir, 'no-client'),
    trustProxy: false,
    ...overrides,
  };
  let app: TApp;
  let declaredStatuses: ReturnType<typeof watchDeclaredStatuses> | undefined;
  try {
    app = await buildApp(config, {
      now: clock.now,
      announce: () => {},
      extraApiRoutes: options.extraApiRoutes,
      clientBuilding: options.clientBuilding,
      logger: options.logger,
      instrument: (instance) => {
        if (options.checkDeclaredStatuses !== false) declaredStatuses = watchDeclaredStatuses(instance);
      },
    });
  } catch (error) {
    await database.drop();
    throw error;
  }

  const signIn = async (
    username: string,
    password: string,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ): Promise<TTokenPair> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { username, password },
      headers,
      remoteAddress,
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
    return response.json().data;
  };

  /** A user whose role holds exactly `permissions`; password `userPassword`. */
  const createUser = async (
    username: string,
    permissions: readonly string[],
    extra: { name?: string; active?: boolean; roleName?: string } = {},
  ) => {
    userPasswordHash ??= hashPassword(userPassword);
    const roleId = await ensureRole(app.db, extra.roleName ?? `Role of ${username}`, permissions);
    const id = await upsertUser(app.db, {
      username,
      name: extra.name ?? `User ${username}`,
      passwordHash: await userPasswordHash,
      roleId,
      active: extra.active,
    });
    return { id, username, roleId };
  };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A national head office in the first seeded province (child records need one). */
  const createHeadOffice = async (code: string) => {
    const [province] = await app.db
      .select({ id: provinces.id })
      .from(provinces)
      .orderBy(provinces.code)
      .limit(1);
    const [office] = await app.db
      .insert(headOffices)
      .values({ code, name: { kh: 'ការិយាល័យ', en: 'Office' }, class: 'national', provinceId: province.id })
      .returning({ id: headOffices.id });
    return office.id;
  };

  /** Closes everything, then fails listing any status a route answered without declaring it. */
  const close = async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    declaredStatuses?.assertNone();
  };

  return {
    app,
    config,
    clock,
    signIn,
    createUser,
    createHeadOffice,
    bearer,
    close,
    /** What the declared-status check has recorded so far (tests/api/support/declaredStatuses.ts). */
    undeclaredStatuses: () => declaredStatuses?.undeclared() ?? [],
    /** Right after a request that answers an undeclared status on purpose (fault injection): not a finding. */
    forgiveUndeclared: (statusCode: number) => declaredStatuses?.forgive(statusCode),
  };
};
