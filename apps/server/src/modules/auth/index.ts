/** Public entry of the auth module: sessions, e-mail codes, the session cookie. */
export {
  createCodesService,
  createSessionsService,
  type CodesService,
  type SessionsService,
} from './service';
export { SESSION_COOKIE, type ResolvedSession } from './sessions';
export type { CodesDeps, SessionsDeps } from './deps';
export {
  clearSessionCookie,
  logIn,
  secureCookies,
  sessionUser,
  setSessionCookie,
  viewerHook,
} from './cookie';
export { authModule, type AuthRouteDeps } from './routes';
export {
  AUTH_TABLES,
  type AuthTables,
  type SessionsTable,
  type EmailCodesTable,
  type SessionRow,
} from './tables';
