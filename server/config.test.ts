import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ab-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      adminPassword: undefined,
      accessTokenTtlS: 1800,
      refreshTokenTtlS: 2_592_000,
      refreshReuseGraceS: 10,
      trustProxy: false,
      metricsToken: undefined,
      shutdownTimeoutS: 25,
      backupDir: path.join(dataDir, 'backups'),
    });
  });

  it('reads BACKUP_DIR as an absolute path (an empty one is the default)', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: 'shared/backups' }).backupDir).toBe(
      path.resolve('shared/backups'),
    );
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: '' }).backupDir).toBe(path.join(dataDir, 'backups'));
  });

  it('reads the metrics token and the stop limit, and refuses a short token or a limit of 0', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      METRICS_TOKEN: 't'.repeat(16),
      SHUTDOWN_TIMEOUT_S: '5',
    });
    expect(config).toMatchObject({ metricsToken: 't'.repeat(16), shutdownTimeoutS: 5 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters long/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_TIMEOUT_S: '0' })).toThrow(
      /SHUTDOWN_TIMEOUT_S: must be more than 0/,
    );
  });

  it('generates the JWT secret once, keeps it owner-readable in DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/adoption',
      JWT_SECRET: 's'.repeat(40),
      ADMIN_PASSWORD: 'a-long-password',
      ACCESS_TOKEN_TTL_S: '60',
      REFRESH_TOKEN_TTL_S: '600',
      REFRESH_REUSE_GRACE_S: '0',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/adoption',
      jwtSecret: 's'.repeat(40),
      adminPassword: 'a-long-password',
      accessTokenTtlS: 60,
      refreshTokenTtlS: 600,
      refreshReuseGraceS: 0,
      trustProxy: '10.0.0.0/8',
    });
  });

  it('stops with a message naming each bad variable', () => {
    const load = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        ACCESS_TOKEN_TTL_S: '0',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT: must be a whole number/);
    expect(load).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(load).toThrow(/DATABASE_URL: must be a postgres/);
    expect(load).toThrow(/ACCESS_TOKEN_TTL_S: must be more than 0/);
  });
});
