/**
 * Where a visitor may be: no admin yet → the registration page; signed out → the login page (the
 * wanted location kept, so a deep link lands there after login); signed in → not the auth pages.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdminInit } from './queries';
import { useSession } from './session';
import { ErrorMessage } from '../ui/ErrorMessage';

function Loading() {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

interface FromState {
  readonly from?: string;
}

export function AuthRoutes({ page }: { page: 'register-admin' | 'login' | 'register' }): ReactNode {
  const init = useAdminInit();
  const session = useSession();
  const location = useLocation();
  if (init.isError) return <ErrorMessage error={init.error} />;
  if (!init.data || session.status === 'checking') return <Loading />;
  const hasAdmin = init.data.data.hasAdmin;
  if (session.status === 'signed-in') return <Navigate to={(location.state as FromState | null)?.from ?? '/'} replace />;
  if (page === 'register-admin' && hasAdmin) return <Navigate to="/auth/login" replace />;
  if (page === 'login' && !hasAdmin) return <Navigate to="/auth/register-admin" replace />;
  return <Outlet />;
}

export function RequireSession(): ReactNode {
  const init = useAdminInit();
  const session = useSession();
  const location = useLocation();
  if (init.isError) return <ErrorMessage error={init.error} />;
  if (!init.data || session.status === 'checking') return <Loading />;
  if (!init.data.data.hasAdmin) return <Navigate to="/auth/register-admin" replace />;
  if (session.status === 'signed-out') {
    return <Navigate to="/auth/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies FromState} />;
  }
  return <Outlet />;
}
