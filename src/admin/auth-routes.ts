/**
 * The admin realm's session routes, Strapi 5's paths and answers: `GET /init` →
 * `{ data: { hasAdmin } }`; `POST /register-admin` (the first Super Admin), `/login` and
 * `/register` (an invitation) → `{ data: { token, user } }` plus the refresh cookie;
 * `POST /access-token` exchanges the cookie's refresh token (single use, rotated) for
 * `{ data: { token } }`; `POST /logout` ends the session; `GET /registration-info?registrationToken=`
 * → `{ data: { email, firstname, lastname } }` of an invitation (its registration page). Login and registrations count against
 * the content API's rate limiter (per IP, shared through Redis when configured). Each route is
 * an `operations.action` with no permission (`auth: false`), as users-permissions' auth routes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminLogin, AdminTransportContext } from '../transport/admin-context.js';
import { adminCallerOf } from './admin-caller.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, type CookieScope } from './refresh-cookie.js';

const PUBLIC = { auth: false } as const;

export function registerAdminAuthRoutes(ctx: AdminTransportContext): void {
  const { server, operations, auth } = ctx;
  const { realm } = ctx.admin;
  const scope: CookieScope = { path: ctx.admin.path, secure: ctx.admin.secureCookies };

  const init = operations.action('admin::init', async () => ({ hasAdmin: await realm.hasAdmin() }), PUBLIC);
  const registerAdmin = operations.action('admin::register-admin', ({ input }: { input: unknown }) => realm.registerAdmin(input), PUBLIC);
  const login = operations.action('admin::login', ({ input }: { input: unknown }) => realm.login(input), PUBLIC);
  const register = operations.action('admin::register', ({ input }: { input: unknown }) => realm.register(input), PUBLIC);
  const refresh = operations.action('admin::access-token', ({ input }: { input: string | undefined }) => realm.refresh(input), PUBLIC);
  const registrationInfo = operations.action('admin::registration-info', ({ input }: { input: unknown }) => realm.registrationInfo(input), PUBLIC);
  const logout = operations.action('admin::logout', ({ input }: { input: string | undefined }) => realm.logout(input), PUBLIC);

  /** the login answer: the access token and user in the body, the refresh token in the cookie */
  const answer = (reply: FastifyReply, session: AdminLogin) => {
    setRefreshCookie(reply, scope, session.refresh.token, session.refresh.cookieExpires);
    return { data: { token: session.token, user: session.user } };
  };
  const limited: readonly [string, (request: FastifyRequest) => Promise<AdminLogin>][] = [
    ['/register-admin', (request) => registerAdmin(adminCallerOf(request), request.body)],
    ['/login', (request) => login(adminCallerOf(request), request.body)],
    ['/register', (request) => register(adminCallerOf(request), request.body)],
  ];
  for (const [path, run] of limited) {
    server.post(path, async (request, reply) => {
      await auth.rateLimit(request, `admin${path}`);
      return answer(reply, await run(request));
    });
  }

  server.get('/init', async (request) => ({ data: await init(adminCallerOf(request), undefined) }));
  server.get<{ Querystring: { registrationToken?: unknown } }>('/registration-info', async (request) => ({
    data: await registrationInfo(adminCallerOf(request), request.query.registrationToken),
  }));

  server.post('/access-token', async (request, reply) => {
    try {
      const renewed = await refresh(adminCallerOf(request), readRefreshCookie(request));
      setRefreshCookie(reply, scope, renewed.refresh.token, renewed.refresh.cookieExpires);
      return { data: { token: renewed.token } };
    } catch (error) {
      clearRefreshCookie(reply, scope);
      throw error;
    }
  });

  server.post('/logout', async (request, reply) => {
    await logout(adminCallerOf(request), readRefreshCookie(request));
    clearRefreshCookie(reply, scope);
    return { data: {} };
  });
}
