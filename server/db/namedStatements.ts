import { createHash } from 'node:crypto';

/**
 * Statements run often enough to keep their plan (issue 11: planning the child list's joins cost
 * several times running them, most on PGlite). `nameStatement` gives a SQL text a stable name;
 * on PostgreSQL the caller passes it to Drizzle's `.prepare(name)` (a named statement per
 * connection), and PGlite's client (server/db/client.ts) turns a query of a named text into
 * `EXECUTE name(...)` after one `PREPARE`. Only texts from a bounded set are named (one per route
 * and sort), since a session keeps every statement it prepared.
 */
const names = new Map<string, string>();

export const nameStatement = (text: string): string => {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

/** The name given to this SQL text, if any. */
export const statementNameOf = (text: string): string | undefined => names.get(text);
