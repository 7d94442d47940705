/**
 * A section the panel does not have yet: the page
 * says what exists instead of pretending.
 */
import type { ReactNode } from 'react';

export function NotYetPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <h1>{title}</h1>
      <p>This section of the admin panel is not built yet.</p>
      {children}
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main>
      <h1>Page not found</h1>
      <p>Nothing of the admin panel lives at this address.</p>
    </main>
  );
}
