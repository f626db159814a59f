import { queryOptions } from '@tanstack/react-query';
import { bookKeys, fetchHome } from '../../../api/catalog.ts';

/** GET /books/home with the spec's parameters: the home page's sections. */
export const homeQueryOptions = () => queryOptions({ queryKey: bookKeys.home, queryFn: ({ signal }) => fetchHome(signal) });
