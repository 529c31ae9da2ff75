import { tableSet } from '../../db/scoped';

export interface FilesTable {
  sha256: string;
  ext: string;
  mime: string;
  size: number;
  created_at: string;
}

/** The tables of this module: only it reads or writes them (db/scoped.ts, docs/architecture.md). */
export interface FilesTables {
  files: FilesTable;
}
export const FILES_TABLES = tableSet<FilesTables>()(['files']);
