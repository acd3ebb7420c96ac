import { systemSettingsFromStored, type TSystemSettingsRecord } from '../../src/domain/systemSettings';
import type { TDbOrTx } from '../audit';
import { systemSettings } from '../db/schema';

/** The settings over their defaults, and the set's version: the highest row version (0 when none). */
export const readSettings = async (db: TDbOrTx): Promise<TSystemSettingsRecord> => {
  const rows = await db
    .select({ key: systemSettings.key, value: systemSettings.value, version: systemSettings.version })
    .from(systemSettings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const version = rows.reduce((highest, row) => Math.max(highest, row.version), 0);
  return { ...systemSettingsFromStored(stored), version };
};
