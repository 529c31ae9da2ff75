/** Public entry of the auth module: sessions, e-mail codes, the session cookie. */
export {
  createSessionsService,
  SESSION_COOKIE,
  type ResolvedSession,
  type SessionsService,
} from './sessions';
export { createCodesService, type CodesService } from './codes';
export {
  clearSessionCookie,
  logIn,
  secureCookies,
  sessionUser,
  setSessionCookie,
  viewerHook,
} from './cookie';
export { authModule } from './routes';
export {
  AUTH_TABLES,
  type AuthTables,
  type SessionsTable,
  type EmailCodesTable,
  type SessionRow,
} from './tables';
