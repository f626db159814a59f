import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { pageViewer, readPageData } from '../lib/pageData.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** The app with the server's data: the query cache and the routes' loader answers of a rendered page (pageData.ts). */
function start() {
  const data = readPageData();
  pageViewer.set(data.viewer);
  const client = createQueryClient();
  // The answers as they were when the server read them (their age counts toward staleTime). A loop rather than
  // TanStack's hydrate(): the same effect for answers that all succeeded, in less of the first load's script.
  for (const q of data.queries?.queries ?? []) client.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
  const router = createAppRouter(client, data.loaderData ? { loaderData: data.loaderData } : {});
  return { client, router };
}

export function App() {
  const [{ client, router }] = useState(start);
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
