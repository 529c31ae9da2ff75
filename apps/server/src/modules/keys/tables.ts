import { tableSet } from '../../db/scoped';

/**
 * 043_install_secrets: what every node of an install must hold alike (the password key pair the
 * sites encrypt with, the key that signs video play URLs). Made by the first node that starts,
 * read by the others; never sent anywhere but the public half of the key pair.
 */
export interface InstallSecretsTable {
  name: string;
  value: string;
  create_time: string;
}

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface KeysTables {
  install_secrets: InstallSecretsTable;
}
export const KEYS_TABLES = tableSet<KeysTables>()(['install_secrets']);
