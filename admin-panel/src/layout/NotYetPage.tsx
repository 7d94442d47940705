/**
 * A section the panel does not have yet (the media library and settings are issue 21): the page
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

export function MediaLibraryPage() {
  return (
    <NotYetPage title="Media Library">
      <p>
        Files are uploaded and listed through the REST API today: <code>POST /api/upload</code> and <code>GET /api/upload/files</code> (see
        docs/upload.md).
      </p>
    </NotYetPage>
  );
}

export function SettingsPage() {
  return (
    <NotYetPage title="Settings">
      <p>
        API tokens, roles and locales are managed with the command line today: <code>vellum token create</code>, <code>vellum role</code> and{' '}
        <code>vellum locale</code> (see docs/auth.md and docs/i18n.md).
      </p>
    </NotYetPage>
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
