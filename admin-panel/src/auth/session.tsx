/**
 * The session: whether someone is signed in, and the actions that change it. A reload restores
 * the session from the refresh cookie (one `POST /admin/access-token`), the access token stays in
 * memory (api/client.ts).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminPath, apiRequest, endSession, hasSessionHint, onSignedOut, refreshSession, startSession } from '../api/client';
import type { AdminUser } from '../api/types';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export interface Registration {
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly password: string;
}

interface Session {
  readonly status: SessionStatus;
  login(email: string, password: string): Promise<void>;
  registerAdmin(registration: Registration): Promise<void>;
  /** an invited admin's registration (`POST /admin/register` with the invitation's token) */
  register(registrationToken: string, userInfo: Omit<Registration, 'email'>): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

interface SignedIn {
  readonly data: { readonly token: string; readonly user: AdminUser };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>(() => (hasSessionHint() ? 'checking' : 'signed-out'));

  useEffect(() => {
    if (status === 'checking') void refreshSession().then((ok) => setStatus(ok ? 'signed-in' : 'signed-out'));
    // only on the first render: later changes come from the actions below
  }, []);

  useEffect(
    () =>
      onSignedOut(() => {
        queryClient.clear();
        setStatus('signed-out');
      }),
    [queryClient],
  );

  const signedIn = useCallback(
    (answer: SignedIn) => {
      startSession(answer.data.token);
      queryClient.setQueryData(['admin', 'me'], answer.data.user);
      setStatus('signed-in');
    },
    [queryClient],
  );

  const session = useMemo<Session>(
    () => ({
      status,
      async login(email, password) {
        signedIn(await apiRequest<SignedIn>(adminPath('/login'), { method: 'POST', body: { email, password }, anonymous: true }));
      },
      async registerAdmin(registration) {
        signedIn(await apiRequest<SignedIn>(adminPath('/register-admin'), { method: 'POST', body: registration, anonymous: true }));
        queryClient.setQueryData(['admin', 'init'], { data: { hasAdmin: true } });
      },
      async register(registrationToken, userInfo) {
        signedIn(await apiRequest<SignedIn>(adminPath('/register'), { method: 'POST', body: { registrationToken, userInfo }, anonymous: true }));
      },
      async logout() {
        try {
          await apiRequest(adminPath('/logout'), { method: 'POST', body: {} });
        } finally {
          endSession();
          queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'init' });
          setStatus('signed-out');
        }
      },
    }),
    [status, signedIn, queryClient],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
