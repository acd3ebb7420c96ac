/**
 * The SQLSTATE and constraint of a database error, whether it comes straight from the driver (pg,
 * PGlite) or wrapped by Drizzle (`cause`).
 */
export const databaseErrorCode = (error: unknown): { code?: string; constraint?: string } => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
};

/**
 * A row still referenced through a foreign key: `foreign_key_violation` (23503, what PostgreSQL 15
 * reports for a `restrict` key) or `restrict_violation` (23001, what later versions, PGlite's
 * PostgreSQL 18 among them, report for the same delete).
 */
export const isStillReferenced = (error: unknown) => {
  const { code } = databaseErrorCode(error);
  return code === '23503' || code === '23001';
};
