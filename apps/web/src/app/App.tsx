import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { seedFromPageData } from '../lib/pageData.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  const [client] = useState(() => {
    const c = createQueryClient();
    seedFromPageData(c);
    return c;
  });
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
