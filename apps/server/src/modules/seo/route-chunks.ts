import { readFileSync } from 'node:fs';
import path from 'node:path';

/** An entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The script files of a lazily loaded page (its source as the route names it, `handle.source` in
 * apps/web/src/app/router.tsx), for `<link rel="modulepreload">` in its HTML: the browser fetches them with the
 * app's entry instead of after it has run (one round trip less before the page can paint). Files the entry already
 * imports are left out (index.html preloads those). No manifest (a build without it, tests): none.
 */
export function routeChunks(webDist: string): (sources: readonly string[]) => string[] {
  const manifest = readManifest(webDist);
  if (!manifest) return () => [];
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
  const memo = new Map<string, string[]>();
  return (sources) => {
    const key = sources.join('\n');
    let files = memo.get(key);
    if (!files) {
      files = [...closure(sources)].filter((k) => !entry.has(k)).map((k) => `/${manifest[k]!.file}`);
      memo.set(key, files);
    }
    return files;
  };
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
