export * from './enums';
export * from './envelope';
export * from './paging';
export * from './api/index';
