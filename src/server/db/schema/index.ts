export * from './users';
export * from './posts';
export * from './map';
export * from './settings';
export * from './community';
export * from './outbox';
export * from './payments';
export * from './referrals';
