export * from './users';
export * from './posts';
export * from './map';
export * from './settings';
