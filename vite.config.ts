import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [
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
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
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
