/** Users, for the other modules. */
export { isUniqueViolation } from './repo.ts';
