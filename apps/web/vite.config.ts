import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli (best quality) and gzip beside every text asset; the server sends them as they are (preCompressed).
    // (The server's render, `--ssr`, is read from disk by the server: nothing to compress.)
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
        threshold: 1024,
      }),
  ],
  // Zod with its CSP-safe configuration (src/lib/zod.ts), loaded only by the pages that validate something.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // `vite build --ssr src/entry-server.tsx`: the storefront pages as the server renders them (dist-server).
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads a page's own chunks in its HTML (apps/server/src/modules/seo).
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The loader of server-rendered pages (src/boot.ts) is an entry of its own beside index.html's.
      ...(isSsrBuild ? {} : { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) } }),
      output: {
        codeSplitting: {
          groups: [
            // Zod and the module that turns its eval probe off (lib/zod.ts, which every import of 'zod' resolves
            // to) in a chunk of their own: a shared chunk holding both Zod and schemas could build them before the
            // config ran, and Zod's `new Function` probe is a CSP violation.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod\.ts$/ },
          ],
        },
      },
    },
  },
}));
