import { nameStatement } from '../db/namedStatements';

type TPreparable<TPrepared> = { toSQL: () => { sql: string }; prepare: (name: string) => TPrepared };

/**
 * A built query prepared under a name derived from its SQL text (server/db/namedStatements.ts): the
 * database parses it once per session and, when it has no parameters left to plan for, keeps one
 * plan. Only for queries whose text comes from a bounded set, since a session keeps every statement
 * it prepared.
 */
export const prepareNamed = <TPrepared>(query: TPreparable<TPrepared>): TPrepared =>
  query.prepare(nameStatement(query.toSQL().sql));
