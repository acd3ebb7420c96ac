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
