import type { QueryClient } from '@tanstack/react-query';
import type { CategoryNode } from '@nhasach/shared';
import { catalogKeys } from '../api/catalog.ts';

/** What the server wrote into the page (#page-data, a JSON data block, see apps/server/src/modules/seo). */
interface PageData {
  categoryTree?: CategoryNode[];
}

function readPageData(): PageData {
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!el?.textContent) return {};
  try {
    const value: unknown = JSON.parse(el.textContent);
    return value && typeof value === 'object' ? (value as PageData) : {};
  } catch {
    return {};
  }
}

/** Puts the server's data in the query cache before the first render: those parts paint at once, with no loading state. */
export function seedFromPageData(client: QueryClient): void {
  const data = readPageData();
  if (Array.isArray(data.categoryTree)) client.setQueryData(catalogKeys.categoryTree, data.categoryTree);
}
