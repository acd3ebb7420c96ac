import { atom } from 'jotai';

/** The account of a user as its dialogs need it (kept while the edit page reloads the record). */
export type TAccountRecord = { id: number; name: string; active: boolean; version: number };

/**
 * Which account dialog is open on a user's edit page, and why the last try failed. Held outside the
 * page: after a conflict the page reloads the record (and remounts), and the dialog stays open with
 * its message over the fresh copy.
 */
export type TAccountDialog = { kind: 'status' | 'password'; record: TAccountRecord; message?: string };

export const accountDialogAtom = atom<TAccountDialog | null>(null);

export const accountOf = (record: Record<string, unknown>): TAccountRecord => ({
  id: Number(record.id),
  name: String(record.name ?? ''),
  active: record.active === true,
  version: Number(record.version),
});
