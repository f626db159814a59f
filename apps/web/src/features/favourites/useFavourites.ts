import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toggleFavouriteRequest } from '../../api/catalog.ts';
import { sessionKey, useViewer } from '../../lib/viewer.ts';
import { likedKey, likedQueryOptions, setHeart, toggleKey, type Liked } from './api/liked.ts';

/** Fired on window after every toggle, with `{bookId, liked}` (spec section 4, Favourites). */
export const FAVORITE_CHANGED_EVENT = 'favorite:changed';

export interface FavoriteChangedDetail {
  bookId: number;
  liked: boolean;
}

/**
 * One book's heart for the session: liked or not, its like count when known, and the toggle. The toggle is
 * optimistic, takes the server's `liked` and count, and puts back only this book on failure (the error goes to the
 * caller). Two toggles of one book run one after the other.
 */
export function useFavourite(bookId: number) {
  const viewer = useViewer();
  const client = useQueryClient();
  const select = useCallback((d: Liked) => ({ liked: d.ids.has(bookId), count: d.counts.get(bookId) }), [bookId]);
  const { data } = useQuery({ ...likedQueryOptions(viewer), select });
  const toggle = useMutation({
    mutationKey: toggleKey(viewer),
    scope: { id: `favourite:${viewer}:${bookId}` },
    mutationFn: (id: number) => toggleFavouriteRequest(id),
    onMutate: (id) => {
      const cur = client.getQueryData<Liked>(likedKey(viewer));
      const wasLiked = cur?.ids.has(id) ?? false;
      const count = cur?.counts.get(id);
      setHeart(client, viewer, id, !wasLiked, count === undefined ? undefined : Math.max(0, count + (wasLiked ? -1 : 1)));
      return { wasLiked, count };
    },
    onSuccess: (result, id) => {
      setHeart(client, viewer, id, result.liked, result.favoriteCount);
      void client.invalidateQueries({ queryKey: sessionKey(viewer, 'favourites') });
      window.dispatchEvent(new CustomEvent<FavoriteChangedDetail>(FAVORITE_CHANGED_EVENT, { detail: { bookId: id, liked: result.liked } }));
    },
    onError: (_err, id, before) => {
      if (before) setHeart(client, viewer, id, before.wasLiked, before.count);
    },
  });
  return { signedIn: viewer !== 'guest', liked: data?.liked ?? false, count: data?.count, toggle };
}
