/** Public entry of the OAuth module. */
export { createOAuthService, enabledProviders, type OAuthService } from './service';
export type { OAuthDeps } from './deps';
export { oauthModule, type OAuthRouteDeps } from './routes';
export { OAUTH_TABLES, type OAuthTables, type OAuthAccountsTable } from './tables';
