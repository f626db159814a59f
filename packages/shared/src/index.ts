export * from './constants.ts';
export * from './envelope.ts';
export * from './roles.ts';
export * from './validation.ts';
export * from './users.ts';
export * from './auth.ts';
