import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { FAVOURITES_SYNC_PAGE_SIZE, STORAGE_KEYS } from '@nhasach/shared';
import { fetchMyFavourites } from '../../../api/catalog.ts';
import { storage } from '../../../lib/storage.ts';
import { SESSION_SCOPE, sessionKey } from '../../../lib/viewer.ts';

/**
 * The signed-in shopper's hearts (spec sections 3 and 4, Favourites): the liked ids and per-book like counts, one
 * query per session. It starts from the session's stored record (FAV_{user}_V1), reads every favourites page once
 * (the full sync), and every change of a heart is written to it; the record is written from it (keepFavouritesRecord).
 * An answer that lands after its session ended finds no query under its key and changes nothing.
 */
export interface Liked {
  ids: ReadonlySet<number>;
  counts: ReadonlyMap<number, number>;
  /** When each heart last changed in this page (a running number), so a full sync that read before keeps it. */
  changed: ReadonlyMap<number, number>;
}

interface StoredRecord {
  ids?: unknown;
  counts?: unknown;
}

const LIKED = 'liked';
export const likedKey = (viewer: string) => sessionKey(viewer, LIKED);
/** The heart toggles of a session, so a full sync can tell which books are still on their way. */
export const toggleKey = (viewer: string) => sessionKey(viewer, 'favourite-toggle');

let changes = 0;

function readRecord(viewer: string): Liked {
  const raw = storage.getJson<StoredRecord>(STORAGE_KEYS.favourites(viewer));
  const ids = new Set<number>();
  const counts = new Map<number, number>();
  if (raw && Array.isArray(raw.ids)) for (const id of raw.ids) if (typeof id === 'number') ids.add(id);
  if (raw && raw.counts && typeof raw.counts === 'object') {
    for (const [k, v] of Object.entries(raw.counts as Record<string, unknown>)) {
      if (typeof v === 'number' && /^\d+$/.test(k)) counts.set(Number(k), v);
    }
  }
  return { ids, counts, changed: new Map() };
}

/** The full sync: every favourites page (200 each). Failures are silent (spec section 8): the set held stays. */
async function syncLiked(client: QueryClient, viewer: string): Promise<Liked> {
  const key = likedKey(viewer);
  const since = changes;
  const ids = new Set<number>();
  const counts = new Map<number, number>();
  try {
    for (let page = 0; ; page++) {
      const result = await fetchMyFavourites(page, FAVOURITES_SYNC_PAGE_SIZE);
      for (const b of result.content) {
        ids.add(b.id);
        counts.set(b.id, b.favoriteCount);
      }
      if (page + 1 >= result.totalPages || result.content.length === 0) break;
    }
  } catch {
    return client.getQueryData<Liked>(key) ?? readRecord(viewer);
  }
  // Hearts changed while the pages were read, or toggles still on their way, keep what the page shows.
  const now = client.getQueryData<Liked>(key) ?? readRecord(viewer);
  const keep = new Set(pendingToggles(client, viewer));
  for (const [bookId, at] of now.changed) if (at > since) keep.add(bookId);
  for (const [bookId, count] of now.counts) if (!ids.has(bookId) && !keep.has(bookId)) counts.set(bookId, count);
  for (const bookId of keep) {
    if (now.ids.has(bookId)) ids.add(bookId);
    else ids.delete(bookId);
    const count = now.counts.get(bookId);
    if (count !== undefined) counts.set(bookId, count);
  }
  return { ids, counts, changed: now.changed };
}

/**
 * The session's hearts. A guest has none (and nothing is fetched, on the server or in the browser). The sync runs
 * once per page session: the stored record is a day older than anything, the synced answer a day fresh.
 */
export const likedQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: likedKey(viewer),
    queryFn: ({ client }) => syncLiked(client, viewer),
    enabled: viewer !== 'guest',
    initialData: viewer === 'guest' ? undefined : () => readRecord(viewer),
    initialDataUpdatedAt: 0,
    staleTime: 24 * 3600_000,
    gcTime: Infinity,
  });

function pendingToggles(client: QueryClient, viewer: string): number[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: toggleKey(viewer), status: 'pending' })
    .map((m) => m.state.variables)
    .filter((v): v is number => typeof v === 'number');
}

/** Sets one book's heart (and count) in the session's set, if that session's set is still held. */
export function setHeart(client: QueryClient, viewer: string, bookId: number, liked: boolean, count: number | undefined): void {
  client.setQueryData<Liked>(likedKey(viewer), (cur) => {
    if (!cur) return undefined;
    const ids = new Set(cur.ids);
    if (liked) ids.add(bookId);
    else ids.delete(bookId);
    const counts = new Map(cur.counts);
    if (count === undefined) counts.delete(bookId);
    else counts.set(bookId, count);
    return { ids, counts, changed: new Map(cur.changed).set(bookId, ++changes) };
  });
}

/** Takes the server's word for one book (a product answer carries likedByMe and favoriteCount), unless a toggle of it is on its way. */
export function reconcileHeart(client: QueryClient, viewer: string, bookId: number, liked: boolean, count: number): void {
  const cur = client.getQueryData<Liked>(likedKey(viewer));
  if (!cur || pendingToggles(client, viewer).includes(bookId)) return;
  if (cur.ids.has(bookId) === liked && cur.counts.get(bookId) === count) return;
  setHeart(client, viewer, bookId, liked, count);
}

/** Writes each signed-in session's set to its record, FAV_{user}_V1 (spec section 3), whenever it changes. */
export function keepFavouritesRecord(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [scope, viewer, name] = event.query.queryKey;
    if (scope !== SESSION_SCOPE || name !== LIKED || typeof viewer !== 'string' || viewer === 'guest') return;
    const data = event.query.state.data as Liked | undefined;
    if (!data) return;
    // Storage failures are swallowed (spec section 8): the hearts still work for this page.
    storage.setJson(STORAGE_KEYS.favourites(viewer), { ids: [...data.ids], counts: Object.fromEntries(data.counts) });
  });
}
