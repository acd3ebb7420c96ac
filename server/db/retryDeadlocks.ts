/** PostgreSQL's 'deadlock_detected' and 'serialization_failure': the transaction did nothing. */
const retryableCodes = new Set(['40P01', '40001']);

/** The SQLSTATE of a failure, whether the driver's error or drizzle's wrapping of it. */
const codeOf = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** How many times a transaction is run in all before its deadlock is the caller's. */
export const transactionAttempts = 4;

/**
 * Runs a transaction again when PostgreSQL ended it as a deadlock's victim (or a serialization
 * failure): it changed nothing, so running it again is what its caller would have to do. The kept
 * report counts (migrations 0036, 0038) add to shared summary rows from triggers, so two writes of
 * records of one office can take two rows' locks in opposite orders; PostgreSQL then ends one after
 * `deadlock_timeout` (1 s), which was a 500. Only the outermost transaction is retried (a savepoint's
 * failure is its transaction's). A callback's effects outside the database run again too: the
 * transactions here only write the database.
 */
export const retryDeadlocks = <TDatabase extends { transaction: (...args: never[]) => Promise<unknown> }>(
  db: TDatabase,
): void => {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<TDatabase['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (error) {
        const code = codeOf(error);
        if (attempt >= transactionAttempts || code === undefined || !retryableCodes.has(code)) throw error;
        // A short random wait: the two are not started again in step.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45 * attempt));
      }
    }
  }) as TDatabase['transaction'];
};
