import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  defaultAccessTokenTtlS,
  defaultRefreshReuseGraceS,
  defaultRefreshTokenTtlS,
} from '../src/domain/constants';

export type TConfig = {
  port: number;
  host: string;
  /** Absolute. Holds the embedded database (`db/`), uploaded files (`files/`) and the generated secret. */
  dataDir: string;
  /**
   * `postgres://...` for PostgreSQL; `memory://` for a throw-away embedded database (tests);
   * absent: embedded PGlite under `dataDir/db`.
   */
  databaseUrl?: string;
  /**
   * Tests only: a file made by PGlite's `dumpDataDir` of a migrated database, which a `memory://`
   * database starts from instead of initialising a new cluster (seconds per test file).
   */
  memoryTemplate?: string;
  jwtSecret: string;
  /** Password given to the `admin` user when the seed creates it; generated and printed when absent. */
  adminPassword?: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  refreshReuseGraceS: number;
  /** The built SPA (served when it exists). */
  clientDir: string;
  /**
   * Fastify's `trustProxy`: behind a reverse proxy or load balancer the client address (which the
   * sign-in throttle counts) comes from X-Forwarded-For only when the proxy is trusted.
   */
  trustProxy: boolean | string;
  /**
   * Lists count their matching rows exactly up to this many (default 10,000); above, they answer
   * the planner's estimate with `totalExact: false` (issue 26). Tests set a small one.
   */
  exactCountLimit?: number;
  /**
   * Each work-queue source counts its items exactly up to this many (default 1,000); above, the
   * planner's estimate with `totalExact: false` (issue 37). Tests set a small one.
   */
  workQueueExactLimit?: number;
  /** Makes the scheduled backups (the system settings' hour and days kept); the server, never the tests. */
  backupSchedule?: boolean;
  /**
   * Where the backups' archives are written (issue 36): default `dataDir/backups`; in a cluster a
   * folder every process shares, so that one made by one process is downloaded from any other.
   */
  backupDir?: string;
  /**
   * Lets a scraper that is not on this machine read `GET /metrics` (`Authorization: Bearer <token>`);
   * without it only loopback callers may (issue 36).
   */
  metricsToken?: string;
  /**
   * On SIGTERM/SIGINT, how long the requests in flight (and a backup being made) may take to finish
   * before the process exits anyway (default 25 s: under Kubernetes' 30 s grace period).
   */
  shutdownTimeoutS?: number;
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
/** An empty variable counts as unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema);
const wholeNumber = () => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number');
const seconds = (fallback: number) =>
  optional(wholeNumber().positive('must be more than 0').default(fallback));

const ZEnv = z.object({
  PORT: optional(wholeNumber().min(0, 'must be 0 to 65535').max(65_535, 'must be 0 to 65535').default(3000)),
  HOST: optional(z.string().default('127.0.0.1')),
  DATA_DIR: optional(z.string().default('./data')),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
  ),
  JWT_SECRET: optional(
    z.string().min(32, 'must be at least 32 characters long (HS256 needs a 256-bit secret)').optional(),
  ),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters long').max(200).optional()),
  ACCESS_TOKEN_TTL_S: seconds(defaultAccessTokenTtlS),
  REFRESH_TOKEN_TTL_S: seconds(defaultRefreshTokenTtlS),
  REFRESH_REUSE_GRACE_S: optional(
    wholeNumber().min(0, 'must be 0 or more').default(defaultRefreshReuseGraceS),
  ),
  /** Lists count exactly up to this many rows, above it they answer an estimate (issue 26). */
  EXACT_COUNT_LIMIT: optional(
    wholeNumber().min(0, 'must be 0 or more').max(100_000_000, 'must be at most 100000000').optional(),
  ),
  /** The archives' folder (default DATA_DIR/backups): shared storage when several processes run. */
  BACKUP_DIR: optional(z.string().optional()),
  /** `off`: no scheduled backups in this process (another makes them, or a test server). */
  BACKUP_SCHEDULE: optional(z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  /** At least 16 characters: a guessable token would open the metrics to anyone. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters long').optional()),
  SHUTDOWN_TIMEOUT_S: seconds(25),
  /** `true` (trust any proxy), `false`, or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: optional(
    z
      .string()
      .default('false')
      .transform((value): boolean | string =>
        value === 'true' || value === 'false' ? value === 'true' : value,
      ),
  ),
});

export class ConfigError extends Error {}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The built server lives in dist/server, so the SPA is `../client` from it; when the server runs
 * from source (tsx, tests) the same SPA is `../dist/client`.
 */
const findClientDir = (): string => {
  const candidates = [path.resolve(here, '../client'), path.resolve(here, '../dist/client')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0];
};

/** Reads the secret kept in DATA_DIR, creating it (readable by the owner only) on first start. */
const storedJwtSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new ConfigError(
      `${file} holds a secret shorter than 32 characters; delete it to generate a new one.`,
    );
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

/** Environment -> configuration; a bad value throws a ConfigError naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET ?? storedJwtSecret(dataDir),
    adminPassword: values.ADMIN_PASSWORD,
    accessTokenTtlS: values.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: values.REFRESH_TOKEN_TTL_S,
    refreshReuseGraceS: values.REFRESH_REUSE_GRACE_S,
    clientDir: findClientDir(),
    trustProxy: values.TRUST_PROXY,
    exactCountLimit: values.EXACT_COUNT_LIMIT,
    backupSchedule: values.BACKUP_SCHEDULE === 'on',
    backupDir: path.resolve(values.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    metricsToken: values.METRICS_TOKEN,
    shutdownTimeoutS: values.SHUTDOWN_TIMEOUT_S,
  };
};
