/**
 * The dictionaries' `server` section holds the API's own messages (the server words them in the
 * request's language); no screen shows them. The client build leaves the section out of the
 * dictionaries it bundles (vite.config.ts), which keeps the sign-in page under its budget
 * (issue 11): 3 KB of the first download. `src/i18n/clientDictionary.test.ts` checks that no client
 * code reads `LL.server`.
 */
const sectionStart = '\n  server: {\n';

/** The dictionary's source without its `server` section (unchanged when it has none). */
export const withoutServerMessages = (source: string): string => {
  const start = source.indexOf(sectionStart);
  if (start === -1) return source;
  const end = source.indexOf('\n  },\n', start);
  if (end === -1) return source;
  return `${source.slice(0, start)}\n  server: {},${source.slice(end + '\n  },'.length)}`;
};

/** The files whose `server` section the client build leaves out. */
export const isDictionarySource = (id: string): boolean =>
  /[\\/]src[\\/]i18n[\\/](km|en)[\\/]index\.ts$/.test(id);
