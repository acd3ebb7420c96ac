import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of its own for a test file or a benchmark: created through `adminUrl` with
 * a unique name (a copy of `template` when given, which nobody may be connected to), and dropped by
 * `drop()`.
 */
export const createScratchDatabase = async (adminUrl: string, prefix: string, template?: string) => {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    databaseUrl: url.toString(),
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
};
