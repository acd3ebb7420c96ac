import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TTokenPair } from '../../src/domain/auth';
import { isSuperUser } from '../../src/domain/permissions';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import { headOffices, permissions, refreshTokens, rolePermissions, roles, users } from '../db/schema';
import { ApiError, unauthenticated } from '../errors';
import { createDeviceCookies, deviceCookieName } from './deviceCookie';
import { getDummyHash, verifyPassword } from './password';
import { clearFailures, deviceThrottleKeys, recordFailure, throttledForMs, throttleKeys } from './throttle';
import { createTokenSigner, type TAccessClaims, type TRefreshClaims } from './tokens';

/** The caller as the permission check sees it: current at the authorization version of the request. */
export type TAuthUser = {
  id: number;
  name: string;
  username: string;
  roles: { id: number; roleName: string }[];
  permissions: string[];
  /** The refresh-token family of this session (the access token's `sid`). */
  familyId: string;
  /**
   * The head office whose records alone this user sees and acts on (DESIGN.md section 7: a user of
   * a provincial head office), or null for all (a national head office, none, a super user).
   */
  officeScope: number | null;
};

type TRefreshRow = typeof refreshTokens.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** How many (user, session) entries the permission cache keeps; the least recently used go first. */
const permissionCacheSize = 5000;

type TCachedUser = { version: number; user: Readonly<TAuthUser> | null };

export const createAuthService = (deps: {
  db: TDb;
  /** The authorization version (server/db/client.ts): a cached user is trusted only at its version. */
  authVersion: () => number | Promise<number>;
  config: Pick<TConfig, 'jwtSecret' | 'accessTokenTtlS' | 'refreshTokenTtlS' | 'refreshReuseGraceS'>;
  now: () => number;
}) => {
  const { db, config, now, authVersion } = deps;
  /** By `user id:session family`: what `loadUser` answered, and at which authorization version. */
  const permissionCache = new Map<string, TCachedUser>();
  const signer = createTokenSigner(config.jwtSecret);
  const deviceCookies = createDeviceCookies(config.jwtSecret);

  /**
   * Both tokens of a pair follow from the refresh row alone (and the username), so the grace window
   * can answer the identical pair again.
   */
  const signPair = async (row: TRefreshRow, username: string): Promise<TTokenPair> => {
    const iat = seconds(row.issuedAt);
    const access: TAccessClaims = {
      sub: String(row.userId),
      username,
      sid: row.familyId,
      typ: 'access',
      iat,
      exp: iat + config.accessTokenTtlS,
      jti: `${row.jti}.a`,
    };
    const refresh: TRefreshClaims = {
      sub: String(row.userId),
      sid: row.familyId,
      typ: 'refresh',
      iat,
      exp: seconds(row.expiresAt),
      jti: row.jti,
    };
    return { accessToken: await signer.sign(access), refreshToken: await signer.sign(refresh) };
  };

  /** A new refresh row; times are whole seconds so the stored row reproduces the token exactly. */
  const newRefreshRow = (userId: number, familyId: string) => {
    const issuedS = Math.floor(now() / 1000);
    return {
      jti: randomUUID(),
      familyId,
      userId,
      issuedAt: new Date(issuedS * 1000),
      expiresAt: new Date((issuedS + config.refreshTokenTtlS) * 1000),
      createdBy: userId,
      updatedBy: userId,
    };
  };

  const revokeFamily = async (familyId: string): Promise<void> => {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(now()) })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  };

  const findActiveUser = async (userId: number) => {
    const [user] = await db
      .select({ id: users.id, username: users.username, active: users.active })
      .from(users)
      .where(eq(users.id, userId));
    return user?.active ? user : undefined;
  };

  /**
   * Sign-in, throttled without letting strangers lock anyone out (OWASP device cookies, issue 22):
   * a browser presenting a valid device cookie for this user is limited by that cookie's failures
   * alone; any other client by the username from its address, the address, and the username from
   * anywhere. A success answers the tokens and a new device cookie (a new nonce) for the browser.
   */
  const signIn = async (input: {
    username: string;
    password: string;
    address: string;
    /** The request's cookies, by name (`parseCookieHeader`). */
    cookies?: ReadonlyMap<string, string>;
  }): Promise<{ tokens: TTokenPair; deviceCookie: { name: string; value: string } }> => {
    const [user] = await db
      .select({
        id: users.id,
        username: users.username,
        passwordHash: users.passwordHash,
        active: users.active,
      })
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
    const nonce = user
      ? await deviceCookies.nonceOf(input.cookies?.get(deviceCookieName(user.id)), user, now())
      : null;
    const untrusted = throttleKeys(input.username, input.address);
    const keys = nonce ? deviceThrottleKeys(nonce) : untrusted;
    const waitMs = await throttledForMs(db, keys, now());
    if (waitMs > 0) {
      const waitS = Math.ceil(waitMs / 1000);
      throw new ApiError(
        429,
        'tooManyAttempts',
        { minutes: Math.ceil(waitS / 60) },
        { 'retry-after': String(waitS) },
      );
    }
    // An unknown user costs the same scrypt as a wrong password and gets the same answer.
    const passwordMatches = await verifyPassword(
      input.password,
      user?.passwordHash ?? (await getDummyHash()),
    );
    if (!user || !passwordMatches || !user.active) {
      // A trusted browser's failures count against it alone, not the address or the username.
      await recordFailure(db, keys, now());
      throw new ApiError(400, 'invalidCredentials');
    }
    await clearFailures(db, { ...untrusted, ...(nonce ? deviceThrottleKeys(nonce) : {}) });
    const [row] = await db.insert(refreshTokens).values(newRefreshRow(user.id, randomUUID())).returning();
    return {
      tokens: await signPair(row, user.username),
      deviceCookie: { name: deviceCookieName(user.id), value: await deviceCookies.issue(user, now()) },
    };
  };

  const findRefreshRow = async (jti: string) => {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
    return row;
  };

  /**
   * Rotation with reuse detection: a live token is retired and replaced; a retired one presented
   * again inside the grace window answers its replacement's pair (two tabs refreshing at once), and
   * outside it revokes the whole family.
   */
  const refresh = async (token: string): Promise<TTokenPair> => {
    const claims = await signer.verify(token, 'refresh', now());
    if (!claims) throw unauthenticated();
    let row = await findRefreshRow(claims.jti);
    if (!row || row.revokedAt || row.familyId !== claims.sid || String(row.userId) !== claims.sub) {
      throw unauthenticated();
    }
    const user = await findActiveUser(row.userId);
    if (!user) throw unauthenticated();

    if (!row.retiredAt) {
      const next = newRefreshRow(user.id, row.familyId);
      const rotated = await db.transaction(async (tx) => {
        const retired = await tx
          .update(refreshTokens)
          .set({ retiredAt: new Date(now()), replacedByJti: next.jti })
          .where(
            and(
              eq(refreshTokens.jti, claims.jti),
              isNull(refreshTokens.retiredAt),
              isNull(refreshTokens.revokedAt),
            ),
          )
          .returning({ id: refreshTokens.id });
        if (retired.length === 0) return undefined;
        const [inserted] = await tx.insert(refreshTokens).values(next).returning();
        return inserted;
      });
      if (rotated) return signPair(rotated, user.username);
      // Another request rotated it first: continue as a reuse of a just-retired token.
      row = await findRefreshRow(claims.jti);
      if (!row || row.revokedAt) throw unauthenticated();
    }

    const retiredAt = row.retiredAt?.getTime() ?? 0;
    if (row.replacedByJti && now() - retiredAt <= config.refreshReuseGraceS * 1000) {
      const replacement = await findRefreshRow(row.replacedByJti);
      if (replacement && !replacement.revokedAt) return signPair(replacement, user.username);
    }
    await revokeFamily(row.familyId);
    throw unauthenticated();
  };

  /** The user and their current roles and permissions; null when inactive, gone or signed out. */
  const loadUser = async (userId: number, familyId: string): Promise<Readonly<TAuthUser> | null> => {
    const [user] = await db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        active: users.active,
        roleId: roles.id,
        roleName: roles.roleName,
        headOfficeId: users.headOfficeId,
        headOfficeClass: headOffices.class,
        familyActive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.userId} = ${users.id} and ${refreshTokens.revokedAt} is null)`,
      })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(headOffices, eq(headOffices.id, users.headOfficeId))
      .where(eq(users.id, userId));
    if (!user?.active || !user.familyActive) return null;
    const held =
      user.roleId === null
        ? []
        : await db
            .select({ name: permissions.name })
            .from(rolePermissions)
            .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
            .where(eq(rolePermissions.roleId, user.roleId));
    const roleList =
      user.roleId !== null && user.roleName !== null ? [{ id: user.roleId, roleName: user.roleName }] : [];
    // Frozen: the same object answers many requests, none may change it for the others.
    return Object.freeze({
      id: user.id,
      name: user.name,
      username: user.username,
      roles: Object.freeze(roleList.map((role) => Object.freeze(role))) as TAuthUser['roles'],
      permissions: Object.freeze(held.map((row) => row.name).sort()) as string[],
      familyId,
      officeScope:
        user.headOfficeClass === 'provincial' &&
        !isSuperUser({ username: user.username, roles: roleList, permissions: [] })
          ? user.headOfficeId
          : null,
    });
  };

  /**
   * The user behind an access token, with current roles and permissions; null when the token is
   * invalid, its family revoked or the user inactive or gone. Answered from the permission cache
   * when nothing that decides it has changed since it was loaded (the authorization version read
   * first, then the user: a change in between only makes the entry stale sooner).
   */
  const authenticate = async (token: string): Promise<TAuthUser | null> => {
    const claims = await signer.verify(token, 'access', now());
    if (!claims) return null;
    const userId = Number(claims.sub);
    if (!Number.isSafeInteger(userId)) return null;
    const version = await authVersion();
    const key = `${userId}:${claims.sid}`;
    const cached = permissionCache.get(key);
    permissionCache.delete(key);
    if (cached?.version === version) {
      permissionCache.set(key, cached);
      return cached.user;
    }
    const user = await loadUser(userId, claims.sid);
    permissionCache.set(key, { version, user });
    if (permissionCache.size > permissionCacheSize) {
      permissionCache.delete(permissionCache.keys().next().value as string);
    }
    return user;
  };

  return { signIn, refresh, revokeFamily, authenticate, signer };
};
export type TAuthService = ReturnType<typeof createAuthService>;
