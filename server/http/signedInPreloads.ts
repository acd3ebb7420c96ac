import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { refreshTokenCookie } from '../../src/domain/constants';

/** The build's chunks a signed-in page needs first (vite.config.ts names them), by file name. */
const signedInChunks = [/^frame-[\w-]+\.js$/, /^signedInWords-[\w-]+\.js$/];
/** The other screens' words: every signed-in page but the home page (src/app/useLaterWords.ts). */
const screenChunks = [/^screenWords-[\w-]+\.js$/];

const homeOrLogin = /^\/[a-z]{2}\/?(login\/?)?$|^\/$/;

/**
 * The `Link` header for index.html asked with a session cookie: the signed-in frame's chunk and the
 * words it waits for start with the page's own scripts instead of after them (issue 37: a page
 * opened by its address on a phone waited for React and the first page, then for the frame, then
 * for its words). Without a session (the sign-in page) nothing more is asked. The names are read
 * from the build's directory, again when a rebuild has replaced them.
 */
export const createSignedInPreloads = (clientDir: string) => {
  const assets = path.join(clientDir, 'assets');
  let names: string[] = [];
  let readAt = -1;
  const find = (patterns: RegExp[]) =>
    patterns.map((pattern) => names.find((name) => pattern.test(name))).filter((name) => name !== undefined);
  // Again when the directory changed (a rebuild while the server runs): one stat per page asked.
  const refresh = () => {
    try {
      const changedAt = statSync(assets).mtimeMs;
      if (changedAt === readAt) return;
      names = readdirSync(assets);
      readAt = changedAt;
    } catch {
      names = [];
    }
  };
  return (cookieHeader: string | undefined, pathname: string): string | null => {
    if (!cookieHeader?.includes(`${refreshTokenCookie}=`)) return null;
    if (/^\/[a-z]{2}\/login\/?$/.test(pathname)) return null;
    refresh();
    const found = find(signedInChunks);
    const files = homeOrLogin.test(pathname) ? found : [...found, ...find(screenChunks)];
    if (files.length === 0) return null;
    return files.map((name) => `</assets/${name}>; rel=modulepreload`).join(', ');
  };
};
