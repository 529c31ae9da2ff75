/** Public entry of the OAuth module. */
export { createOAuthService, enabledProviders, type OAuthService } from './service';
export { oauthModule } from './routes';
export { OAUTH_TABLES, type OAuthTables, type OAuthAccountsTable } from './tables';
