/** Public entry of the languages module: which languages are offered, their factors, their status. */
export { createLanguagesService, type LanguagesService } from './service';
export type { LanguagesDeps } from './deps';
export type { Factors } from './languages';
export { languagesModule } from './routes';
export { LANGUAGES_TABLES, type LanguagesTables, type LanguageSettingsTable } from './tables';
