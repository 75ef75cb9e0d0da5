export * from './users';
export * from './posts';
