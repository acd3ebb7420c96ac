import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import {
  isScreenWordsSource,
  isSignedInWordsSource,
  signedInWordsModule,
  withoutSections,
} from './scripts/build/dictionarySections';
import { isDictionarySource, withoutServerMessages } from './scripts/build/serverMessages';
import { laterSections, screenSections, signedInSections } from './src/i18n/signedInSections';

const apiPort = process.env.PORT ?? '3000';

/**
 * The modules the entry imports statically, found once the module graph is built: they go into one
 * chunk (below). Left to itself the bundler splits them into a score of small files wherever a lazy
 * screen shares one, and over HTTP/1.1's six connections with a provincial office's latency each
 * round of requests costs a round trip before the first paint (issue 11).
 */
const firstPageModules = new Set<string>();
const collectFirstPageModules: Plugin = {
  name: 'first-page-modules',
  apply: 'build',
  buildEnd() {
    firstPageModules.clear();
    const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (firstPageModules.has(id)) continue;
      firstPageModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * The signed-in frame's modules (the default layout and what it imports statically), apart from the
 * first page's: one chunk. Left to the bundler they were some thirty small files, because lazy screens
 * share them; every signed-in page loads the frame anyway, and a page opened by its address waited a
 * round trip per six of them (issue 37: the children's report's first paint on a phone).
 * Headless UI's index reaches all its components: only those the frame's own files import by name
 * go with it (a component's folder is its name: `PopoverButton` is in `components/popover/`), or
 * the combobox's virtual list would ride with every signed-in page.
 */
const frameModules = new Set<string>();
const headlessComponent = /@headlessui[\\/]react[\\/]dist[\\/]components[\\/]([^\\/]+)[\\/]/;
const collectFrameModules: Plugin = {
  name: 'frame-modules',
  apply: 'build',
  buildEnd() {
    frameModules.clear();
    const ids = [...this.getModuleIds()];
    const layout = ids.filter((id) => /src[\\/]app[\\/]layouts[\\/]DefaultLayout\.tsx$/.test(id));
    const ownClosure = new Set<string>();
    const pendingOwn = [...layout];
    while (pendingOwn.length > 0) {
      const id = pendingOwn.pop() as string;
      if (ownClosure.has(id) || firstPageModules.has(id) || id.includes('node_modules')) continue;
      ownClosure.add(id);
      pendingOwn.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
    const components = new Set<string>();
    for (const id of ownClosure)
      for (const [, names] of (this.getModuleInfo(id)?.code ?? '').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["']@headlessui\/react["']/g,
      ))
        for (const name of names.split(',')) {
          const component = name
            .trim()
            .split(/\s/)[0]
            .match(/^[A-Z][a-z]+/)?.[0];
          if (component) components.add(component.toLowerCase());
        }
    const pending = [...layout];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (frameModules.has(id) || firstPageModules.has(id)) continue;
      const component = id.match(headlessComponent)?.[1];
      if (component !== undefined && !components.has(component)) continue;
      frameModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * The client's dictionaries without the API's own messages (scripts/build/serverMessages.ts) and
 * without the signed-in sections, which ship apart (scripts/build/dictionarySections.ts).
 */
const leaveOutServerMessages: Plugin = {
  name: 'leave-out-server-messages',
  // Before TypeScript is compiled: the section is found in the source as written.
  enforce: 'pre',
  apply: 'build',
  transform(code, id) {
    if (isSignedInWordsSource(id)) return { code: signedInWordsModule(signedInSections), map: null };
    if (isScreenWordsSource(id)) return { code: signedInWordsModule(screenSections), map: null };
    return isDictionarySource(id)
      ? { code: withoutSections(withoutServerMessages(code), laterSections), map: null }
      : null;
  },
};

export default defineConfig({
  plugins: [
    leaveOutServerMessages,
    collectFirstPageModules,
    collectFrameModules,
    react(),
    tailwindcss(),
    // Brotli and gzip at the highest levels once, at build time; the server picks the file by
    // Accept-Encoding (server/app.ts) instead of compressing on every request. Fonts (woff2) are
    // compressed already and are left alone.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|svg|json|txt)$/,
      threshold: 512,
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // @xstate/react imports the shim for React < 18; React 19 has the hook itself, and the
      // package's own non-shim entries use it (issue 11: a part of the sign-in page's weight).
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Every browser the office uses knows <link rel="modulepreload">: no polyfill in the first download.
    modulePreload: { polyfill: false },
    // Libraries change less often than our code: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            // The grid is big and only lists need it: its own chunk, loaded with the first list.
            { name: 'ag-grid', test: /node_modules[\\/]ag-grid-/, priority: 2 },
            // What the first page needs, apart from React, in one file (see firstPageModules).
            { name: 'first-page', test: (id: string) => firstPageModules.has(id), priority: 1 },
            // The signed-in frame, libraries included, in one file (see frameModules).
            { name: 'frame', test: (id: string) => frameModules.has(id), priority: 0 },
            // A dictionary loaded on its own (the sign-in page's other language) is its own file:
            // the bundler otherwise put English in the frame's chunk, which the sign-in page then loaded.
            {
              name: (id: string) => id.match(/src[\\/]i18n[\\/]([a-z]{2})[\\/]index\.ts$/)?.[1] ?? null,
              test: /src[\\/]i18n[\\/][a-z]{2}[\\/]index\.ts$/,
              priority: 1,
            },
            // Other libraries go with the code that imports them (issue 11: one 'vendor' chunk made
            // the sign-in page load the forms', dialogs' and palette's libraries).
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
