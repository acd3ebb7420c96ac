export * from './audit';
export * from './auth';
export * from './children';
export * from './geography';
export * from './organisation';
export * from './reference';
export * from './security';
export * from './settings';
