import { readFileSync } from 'node:fs';
import path from 'node:path';

/** An entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The pages whose code the app loads on first visit (lazy routes of apps/web/src/app/router.tsx). */
export const ROUTE_SOURCES = {
  home: 'src/features/storefront/HomePage.tsx',
  product: 'src/features/storefront/ProductDetailPage.tsx',
  category: 'src/features/storefront/CategoryPage.tsx',
  search: 'src/features/storefront/SearchPage.tsx',
} as const;
export type RoutePage = keyof typeof ROUTE_SOURCES;

/**
 * The script files of each lazily loaded page, for `<link rel="modulepreload">` in its HTML: the browser fetches
 * them with the app's entry instead of after it has run (one round trip less before the page can paint). Files the
 * entry already imports are left out (index.html preloads those). No manifest (a build without it, tests): none.
 */
export function routeChunks(webDist: string): Record<RoutePage, string[]> {
  const manifest = readManifest(webDist);
  if (!manifest) return { home: [], product: [], category: [], search: [] };
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
  const filesOf = (source: string) => [...closure([source])].filter((k) => !entry.has(k)).map((k) => `/${manifest[k]!.file}`);
  return { home: filesOf(ROUTE_SOURCES.home), product: filesOf(ROUTE_SOURCES.product), category: filesOf(ROUTE_SOURCES.category), search: filesOf(ROUTE_SOURCES.search) };
}

/** The loader of server-rendered pages (apps/web/src/boot.ts) as built, or undefined without a manifest. */
export function bootFile(webDist: string): string | undefined {
  const boot = readManifest(webDist)?.['src/boot.ts'];
  return boot ? `/${boot.file}` : undefined;
}

/** Vite's build manifest, or undefined when the build wrote none (tests). */
function readManifest(webDist: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return undefined;
  }
}
