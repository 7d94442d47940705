/**
 * The API Tokens section's frame: it holds the access key answered by a create or a regenerate
 * in React state only, so the token's page shows it once, and a reload (or leaving the section)
 * forgets it, as Strapi does: the server keeps only its hash.
 */
import { useState } from 'react';
import { Outlet, useOutletContext } from 'react-router';

export interface ShownKey {
  readonly id: number;
  readonly accessKey: string;
}

interface KeyContext {
  readonly shown: ShownKey | null;
  readonly show: (key: ShownKey | null) => void;
}

export function ApiTokensSection() {
  const [shown, show] = useState<ShownKey | null>(null);
  return <Outlet context={{ shown, show } satisfies KeyContext} />;
}

export const useShownKey = (): KeyContext => useOutletContext<KeyContext>();
