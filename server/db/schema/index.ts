export * from './audit';
export * from './auth';
export * from './reference';
export * from './security';
export * from './settings';
export * from './geography';
export * from './organisation';
