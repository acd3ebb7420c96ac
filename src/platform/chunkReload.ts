import { reloadGuardMs } from '@/domain/constants';

/**
 * Reload guard of spec section 8: when a screen's code cannot be loaded (usually a new release
 * replaced the old chunks), reload the page once; at most once per 60 s, so a broken deployment
 * cannot loop. The second failure inside the window is thrown to the error view.
 */
export const reloadGuardStorageKey = 'app.chunkReloadAt';

export type TReloadGuardDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
  /** Reloading while offline would only show the browser's own offline page. */
  online: () => boolean;
};

export const shouldReloadAfterChunkError = (lastReloadAt: number | null, now: number): boolean =>
  lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= reloadGuardMs;

export class ChunkLoadError extends Error {
  readonly offline: boolean;
  constructor(cause: unknown, offline = false) {
    super('A part of the application could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
    this.offline = offline;
  }
}

/** How Chromium, Firefox and Safari word a dynamic import whose file did not arrive. */
const dynamicImportFailures = [
  'failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'importing a module script failed',
  'unable to preload css',
];

/**
 * A screen's code (or a part a screen loads itself, such as the list's grid) could not be loaded:
 * our `ChunkLoadError`, or the browser's own failure of `import()` that reached a render.
 */
export const isChunkLoadError = (error: unknown): boolean => {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  return dynamicImportFailures.some((needle) => message.includes(needle));
};

export const importWithReloadGuard = async <T>(
  load: () => Promise<T>,
  deps: TReloadGuardDeps,
): Promise<T> => {
  try {
    return await load();
  } catch (error) {
    if (!deps.online()) throw new ChunkLoadError(error, true);
    const stored = deps.storage.getItem(reloadGuardStorageKey);
    const last = stored === null ? null : Number(stored);
    const now = deps.now();
    if (shouldReloadAfterChunkError(last, now)) {
      deps.storage.setItem(reloadGuardStorageKey, String(now));
      deps.reload();
      // The page is going away: never settle, so nothing flashes an error meanwhile.
      return new Promise<T>(() => {});
    }
    throw new ChunkLoadError(error);
  }
};

export const browserReloadGuardDeps = (): TReloadGuardDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
  online: () => navigator.onLine,
});
