import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const SHARED_SOURCE = '@nhasach/source';

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** One Lucide icon (lucide-react builds each icon as a module of its own). */
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** The pages a shopper lands on from outside (the server renders them): their shared code is one chunk. */
const STOREFRONT_PAGES = /[\\/]src[\\/]features[\\/]storefront[\\/](Home|Category|Search|ProductDetail)Page\.tsx$/;
/**
 * The shopper's own pages that borrow a few of the storefront's modules (an image with its fallback, the breadcrumb,
 * the empty state): those modules are a chunk of their own, so that these pages do not load the storefront's book
 * cards, favourites and pager with them.
 */
const SHOPPER_PAGES = /[\\/]src[\\/]features[\\/](cart[\\/]CartPage|checkout[\\/]CheckoutPage|orders[\\/]OrderDetailPage)\.tsx$/;

/**
 * Finds, once the module graph is built, the app's modules that two or more storefront pages import (statically,
 * at any depth). Left to itself the bundler makes a chunk of each module two lazy pages share: a phone landing on
 * the home page fetched and ran 13 files of 0.2-3 KB after the app's own, each a request and a task of its own.
 * Only the app's own code (src/) and the icons it draws: other libraries and the shared package keep their chunks,
 * so no page loads Zod or back-office rules because a storefront page shares a module with them. An icon two pages
 * draw would otherwise be a file of its own, some 200 bytes each.
 */
function storefrontModules(): { plugin: Plugin; has: (id: string) => boolean; basic: (id: string) => boolean } {
  const shared = new Set<string>();
  const basics = new Set<string>();
  return {
    has: (id) => shared.has(id),
    basic: (id) => basics.has(id),
    plugin: {
      name: 'storefront-modules',
      apply: 'build',
      buildEnd() {
        /** The app's modules (and icons) a page imports statically, at any depth. */
        const reach = (page: string): Set<string> => {
          const seen = new Set<string>();
          const visit = (id: string) => {
            if (seen.has(id) || !(APP_SOURCE.test(id) || LUCIDE_ICON.test(id))) return;
            seen.add(id);
            if (LUCIDE_ICON.test(id)) return;
            for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
          };
          visit(page);
          return seen;
        };
        const pagesUsing = new Map<string, number>();
        const shopper = new Set<string>();
        for (const page of this.getModuleIds()) {
          if (SHOPPER_PAGES.test(page)) for (const id of reach(page)) shopper.add(id);
          if (!STOREFRONT_PAGES.test(page)) continue;
          for (const id of reach(page)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
        }
        for (const [id, pages] of pagesUsing) if (pages >= 2 && !STOREFRONT_PAGES.test(id)) (shopper.has(id) ? basics : shared).add(id);
      },
    },
  };
}
const storefront = storefrontModules();

/**
 * `import { SearchIcon } from 'lucide-react'` read as an import of the icon's own module: the bundler then sees
 * which page draws which icon (storefrontModules puts the icons the storefront pages share in their chunk), instead of
 * every page importing the package's index of 1,700 icons and the tree-shaking sorting it out after the chunks are cut.
 */
function lucideDirectImports(): Plugin {
  let files: Map<string, string> | undefined;
  const fileOf = (name: string): string => {
    if (!files) {
      const index = createRequire(import.meta.url).resolve('lucide-react').replace(/[\\/]dist[\\/].*$/, '/dist/esm/lucide-react.mjs');
      files = new Map();
      for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{ ([^}]*) \} from '\.\/(icons\/[\w-]+\.mjs)';/g)) {
        for (const [, alias] of names!.matchAll(/default as (\w+)/g)) files.set(alias!, path.join(path.dirname(index), file!));
      }
    }
    const file = files.get(name);
    if (!file) throw new Error(`lucide-react has no icon ${name}`);
    return file;
  };
  return {
    name: 'lucide-direct-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!APP_SOURCE.test(id) || !code.includes("from 'lucide-react'")) return null;
      const out = code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (_, names: string) =>
        names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => `import ${n} from ${JSON.stringify(fileOf(n))};`)
          .join(' '),
      );
      return { code: out, map: null };
    },
  };
}

/**
 * Lucide's icons without their React keys: each path of an icon carries a random six-letter key that only React's
 * development build reads (a warning about lists), incompressible bytes in every page's first load (about 0.5 KB gzip
 * in the app's first chunk). The production build renders the same static paths without them.
 */
const lucideWithoutKeys: Plugin = {
  name: 'lucide-without-keys',
  apply: 'build',
  transform(code, id) {
    if (!LUCIDE_ICON.test(id)) return null;
    return { code: code.replace(/, key: "[^"]*"/g, ''), map: null };
  },
};

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP = { level: 9 };

/**
 * V8 compiles every function of the app's first chunk and of the storefront's while the file downloads, off the
 * main thread, instead of each one on its first call during the app's start (explicit compile hints, Chrome 136;
 * other browsers read a comment): nearly all of that code runs when a page starts, and on a phone those
 * compilations were 800 small pauses of the page's start. The hint counts only as the file's first line, and the
 * build puts its own code on top of the entry after every plugin's last say, so the files are rewritten once
 * written, with their compressed copies.
 */
const compileHints: Plugin = {
  name: 'compile-hints',
  apply: 'build',
  writeBundle(options, bundle) {
    const hint = '//# allFunctionsCalledOnLoad\n';
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !options.dir) continue;
      const atStart = (chunk.isEntry && chunk.name === 'index') || chunk.name === 'storefront' || chunk.name === 'shop-basics' || STOREFRONT_PAGES.test(chunk.facadeModuleId ?? '');
      if (!atStart) continue;
      const file = path.join(options.dir, chunk.fileName);
      const code = Buffer.from(hint + readFileSync(file, 'utf8'));
      writeFileSync(file, code);
      if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(code, BROTLI));
      if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(code, GZIP));
    }
  },
};

/** React Router's production build, found where Node finds the package from this app (wherever npm installed it). */
function reactRouterProduction(): string {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  return path.join(path.dirname(pkg), 'dist', 'production', 'index.mjs');
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    lucideDirectImports(),
    storefront.plugin,
    lucideWithoutKeys,
    !isSsrBuild && compileHints,
    tailwindcss(),
    // Brotli (best quality) and gzip beside every text asset; the server sends them as they are (preCompressed).
    // (The server's render, `--ssr`, is read from disk by the server: nothing to compress.)
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress', BROTLI), defineAlgorithm('gzip', GZIP)],
        threshold: 1024,
      }),
  ],
  resolve: {
    // The shared package from its TypeScript source (packages/shared/package.json `exports`), not its server build.
    conditions: [SHARED_SOURCE, ...defaultClientConditions],
    // Zod with its CSP-safe configuration (src/lib/zod.ts), loaded only by the pages that validate something.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      // React Router's package exports name only its development build (remix-run/react-router#14102), which keeps
      // its dev-only warnings in a shopper's bundle. The browser build gets the production build it also ships, the
      // same code with the warnings off (0.6 KB gzip less in the app's first chunk); the dev server and the server's
      // render keep the export.
      ...(command !== 'build' || isSsrBuild ? [] : [{ find: /^react-router$/, replacement: reactRouterProduction() }]),
    ],
  },
  ssr: { resolve: { conditions: [SHARED_SOURCE, ...defaultServerConditions] } },
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
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod\.ts$/, priority: 3 },
            // What index.html's entry imports, in one file (else every module a lazy page shares with it is a
            // chunk of its own). Not the loader (src/boot.ts), which must stay a few hundred bytes.
            { name: 'index', tags: ['$initial'], test: (id) => !id.endsWith('/src/boot.ts'), priority: 2 },
            // The modules the storefront pages share, without what they import (that stays where it was).
            { name: 'storefront', test: storefront.has, priority: 1, includeDependenciesRecursively: false },
            // Those of them the cart, checkout and order pages use too.
            { name: 'shop-basics', test: storefront.basic, priority: 1, includeDependenciesRecursively: false },
            // The sign-in pages' frame with their deferred form check: one file where there were two (their first
            // load sits at the budget's edge, and each file costs its own headers).
            { name: 'AuthShell', test: /[\\/]src[\\/](features[\\/]auth[\\/]AuthShell\.tsx|lib[\\/]lazyResolver\.ts)$/, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
