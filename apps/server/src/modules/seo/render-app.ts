import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The web app's server render (apps/web/src/entry-server.tsx): the HTML of its root element for a page. */
export type RenderApp = (url: string, data: Record<string, unknown>) => Promise<string | null>;

/**
 * Loads the server render built beside the web app (`dist-server/entry-server.js` next to `dist`). Without it (a
 * build of the browser app alone, tests with a stub index.html) pages go out with an empty root, as before, and
 * the browser renders them.
 */
export async function loadAppRenderer(webDist: string): Promise<RenderApp | undefined> {
  const file = path.resolve(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as { renderPage?: RenderApp };
  return mod.renderPage;
}
