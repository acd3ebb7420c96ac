import { nameStatement } from '../db/namedStatements';

type TPreparable<T> = {
  toSQL: () => { sql: string };
  prepare: (name: string) => { execute: () => Promise<T> };
};

/**
 * Runs a built query as a named prepared statement (server/db/namedStatements.ts): the database
 * parses it once and, after a few runs, keeps one plan instead of planning its joins on every call.
 * Only for queries whose text comes from a bounded set (a list without filters: one text per sort).
 */
export const runAsNamedStatement = <T>(query: TPreparable<T>): Promise<T> =>
  query.prepare(nameStatement(query.toSQL().sql)).execute();
