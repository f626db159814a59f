import { FAVOURITES_SYNC_PAGE_SIZE, STORAGE_KEYS } from '@nhasach/shared';
import { fetchMyFavourites, toggleFavouriteRequest } from '../../api/catalog.ts';
import { storage, storedUserId } from '../../lib/storage.ts';

/**
 * The favourites of the current user in the browser (spec sections 3 and 4, Favourites): liked ids and
 * per-book like counts, kept under FAV_{userId or 'guest'}_V1. Module state shared by every heart button,
 * read in React through useSyncExternalStore.
 */

/** Fired on window after every toggle, with `{bookId, liked}`. */
export const FAVORITE_CHANGED_EVENT = 'favorite:changed';

export interface FavoriteChangedDetail {
  bookId: number;
  liked: boolean;
}

interface Snapshot {
  userKey: string;
  ids: ReadonlySet<number>;
  counts: ReadonlyMap<number, number>;
}

interface Persisted {
  ids?: unknown;
  counts?: unknown;
}

const GUEST = 'guest';
/** What the server's render and the browser's hydration of it show: the liked set lives in this browser's storage. */
const NOTHING_LIKED: Snapshot = { userKey: GUEST, ids: new Set(), counts: new Map() };
let snapshot: Snapshot = NOTHING_LIKED;
let loaded = false;
const listeners = new Set<() => void>();
/** Users whose full sync ran in this page session (once each, success or not). */
const synced = new Set<string>();
/** Toggles in flight, so a second click waits for the first answer. */
const pending = new Set<number>();
/** Books whose heart changed while a full sync was reading: the sync's older answer does not put them back. */
let changedDuringSync: Set<number> | undefined;

function emit(): void {
  for (const l of listeners) l();
}

function read(userKey: string): Snapshot {
  const raw = storage.getJson<Persisted>(STORAGE_KEYS.favourites(userKey));
  // A guest who liked nothing sees what the server rendered: the same snapshot, so no heart re-renders at start
  // (a store whose first browser snapshot differs from the server's re-renders its readers at once, in one task).
  if (!raw && userKey === GUEST) return NOTHING_LIKED;
  const ids = new Set<number>();
  const counts = new Map<number, number>();
  if (raw && Array.isArray(raw.ids)) for (const id of raw.ids) if (typeof id === 'number') ids.add(id);
  if (raw && raw.counts && typeof raw.counts === 'object') {
    for (const [k, v] of Object.entries(raw.counts as Record<string, unknown>)) {
      if (typeof v === 'number' && /^\d+$/.test(k)) counts.set(Number(k), v);
    }
  }
  return { userKey, ids, counts };
}

function persist(): void {
  // Storage failures are swallowed (spec section 8): the store still works for this page.
  storage.setJson(STORAGE_KEYS.favourites(snapshot.userKey), {
    ids: [...snapshot.ids],
    counts: Object.fromEntries(snapshot.counts),
  });
}

function commit(next: Omit<Snapshot, 'userKey'>, userKey = snapshot.userKey): void {
  // The user changed while a request ran (the store hears of a logout a render after storage was cleared).
  if (userKey !== snapshot.userKey || (storedUserId() ?? GUEST) !== userKey) return;
  snapshot = { userKey, ...next };
  persist();
  emit();
}

export const favouritesStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): Snapshot {
    if (!loaded) {
      loaded = true;
      snapshot = read(snapshot.userKey);
    }
    return snapshot;
  },
  getServerSnapshot(): Snapshot {
    return NOTHING_LIKED;
  },

  /** Resets the liked set and reloads it from storage when the user changes (guest by default). */
  setIdentity(userId: string | number | null | undefined): void {
    const userKey = userId === null || userId === undefined ? GUEST : String(userId);
    if (loaded && userKey === snapshot.userKey) return;
    loaded = true;
    snapshot = read(userKey);
    emit();
  },

  /** Reads every favourites page (200 each) once per session; marks the user synced even when it fails. */
  async fullSync(): Promise<void> {
    const userKey = snapshot.userKey;
    if (userKey === GUEST || synced.has(userKey)) return;
    synced.add(userKey);
    // Toggles still on their way may not be in the sync's answer either.
    const changed = (changedDuringSync = new Set(pending));
    try {
      const ids = new Set<number>();
      const counts = new Map(snapshot.counts);
      for (let page = 0; ; page++) {
        const result = await fetchMyFavourites(page, FAVOURITES_SYNC_PAGE_SIZE);
        for (const b of result.content) {
          ids.add(b.id);
          counts.set(b.id, b.favoriteCount);
        }
        if (page + 1 >= result.totalPages || result.content.length === 0) break;
      }
      for (const bookId of changed) {
        if (snapshot.ids.has(bookId)) ids.add(bookId);
        else ids.delete(bookId);
        const count = snapshot.counts.get(bookId);
        if (count !== undefined) counts.set(bookId, count);
      }
      commit({ ids, counts }, userKey);
    } catch {
      // Sync failures are silent (spec section 8); the stored set stays.
    } finally {
      if (changedDuringSync === changed) changedDuringSync = undefined;
    }
  },

  /** Takes the server's word for one book (product page answers carry likedByMe and favoriteCount). */
  reconcile(bookId: number, liked: boolean, count?: number): void {
    if (snapshot.userKey === GUEST || pending.has(bookId)) return;
    const cur = snapshot.ids.has(bookId);
    const curCount = snapshot.counts.get(bookId);
    if (cur === liked && (count === undefined || curCount === count)) return;
    const ids = new Set(snapshot.ids);
    if (liked) ids.add(bookId);
    else ids.delete(bookId);
    const counts = new Map(snapshot.counts);
    if (count !== undefined) counts.set(bookId, count);
    changedDuringSync?.add(bookId);
    commit({ ids, counts });
  },

  isPending: (bookId: number) => pending.has(bookId),

  /**
   * Optimistic toggle: flips at once, then applies the server's `liked` and count; reverts on failure
   * (and rethrows so the caller can say so). Broadcasts 'favorite:changed'.
   */
  async toggle(bookId: number): Promise<boolean> {
    if (pending.has(bookId)) return snapshot.ids.has(bookId);
    const userKey = snapshot.userKey;
    const wasLiked = snapshot.ids.has(bookId);
    const optimistic = new Set(snapshot.ids);
    if (wasLiked) optimistic.delete(bookId);
    else optimistic.add(bookId);
    const optimisticCounts = new Map(snapshot.counts);
    const c = snapshot.counts.get(bookId);
    if (c !== undefined) optimisticCounts.set(bookId, Math.max(0, c + (wasLiked ? -1 : 1)));
    pending.add(bookId);
    changedDuringSync?.add(bookId);
    commit({ ids: optimistic, counts: optimisticCounts }, userKey);
    try {
      const result = await toggleFavouriteRequest(bookId);
      const ids = new Set(snapshot.ids);
      if (result.liked) ids.add(bookId);
      else ids.delete(bookId);
      const counts = new Map(snapshot.counts);
      counts.set(bookId, result.favoriteCount);
      pending.delete(bookId);
      commit({ ids, counts }, userKey);
      window.dispatchEvent(new CustomEvent<FavoriteChangedDetail>(FAVORITE_CHANGED_EVENT, { detail: { bookId, liked: result.liked } }));
      return result.liked;
    } catch (err) {
      pending.delete(bookId);
      // Put back only this book: other hearts may have changed meanwhile.
      const ids = new Set(snapshot.ids);
      if (wasLiked) ids.add(bookId);
      else ids.delete(bookId);
      const counts = new Map(snapshot.counts);
      if (c !== undefined) counts.set(bookId, c);
      else counts.delete(bookId);
      commit({ ids, counts }, userKey);
      throw err;
    }
  },
};
