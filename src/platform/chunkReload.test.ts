import { describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  importWithReloadGuard,
  isChunkLoadError,
  reloadGuardStorageKey,
  shouldReloadAfterChunkError,
} from './chunkReload';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
};

const failingImport = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('chunk-load reload guard (spec section 8: reload once, at most once per 60 s)', () => {
  it('passes a successful import through', async () => {
    const reload = vi.fn();
    const module = await importWithReloadGuard(() => Promise.resolve({ default: 'screen' }), {
      storage: memoryStorage(),
      reload,
      now: () => 1_000,
      online: () => true,
    });
    expect(module).toEqual({ default: 'screen' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page on the first failure and remembers when', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const pending = importWithReloadGuard(failingImport, {
      storage,
      reload,
      now: () => 500_000,
      online: () => true,
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.values.get(reloadGuardStorageKey)).toBe('500000');
    // The page is going away: the import never settles into an error view.
    const settled = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('open'), 20)),
    ]);
    expect(settled).toBe('open');
  });

  it('does not reload again within 60 s: the failure goes to the error view', async () => {
    const storage = memoryStorage({ [reloadGuardStorageKey]: '500000' });
    const reload = vi.fn();
    await expect(
      importWithReloadGuard(failingImport, { storage, reload, now: () => 559_999, online: () => true }),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload while offline: the offline view shows instead', async () => {
    const reload = vi.fn();
    const failure = importWithReloadGuard(failingImport, {
      storage: memoryStorage(),
      reload,
      now: () => 0,
      online: () => false,
    });
    await expect(failure).rejects.toMatchObject({ name: 'ChunkLoadError', offline: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once 60 s have passed', () => {
    expect(shouldReloadAfterChunkError(500_000, 560_000)).toBe(true);
    expect(shouldReloadAfterChunkError(500_000, 559_999)).toBe(false);
    expect(shouldReloadAfterChunkError(null, 0)).toBe(true);
    expect(shouldReloadAfterChunkError(Number.NaN, 0)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it("knows the guard's error and each browser's failed dynamic import", () => {
    expect(isChunkLoadError(new ChunkLoadError(new Error('x'), true))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves other failures to their own view', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
