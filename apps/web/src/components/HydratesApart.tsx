import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that the browser takes over on its own, after the rest: React leaves a Suspense
 * boundary of the server's HTML as it is at first and hydrates it later as a unit of its own, so a long page
 * starts in several short tasks (each part's render, commit and effects) instead of one commit of everything.
 * A tap on a part not yet taken over hydrates that part first. Nothing inside suspends: pages rendered in the
 * browser show the children at once.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
