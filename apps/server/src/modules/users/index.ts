/**
 * Users: accounts and profiles, and their back-office. Other modules read and write accounts through these
 * functions (the auth module signs people up and in with them); the users table is never queried elsewhere.
 */
export { userRoutes } from './routes.ts';
export { userAdminRoutes } from './admin/routes.ts';
export type { UserAdminPorts } from './admin/service.ts';
export { toUserDto, type UserRow } from './dto.ts';
export {
  activeAdminEmails,
  displayNameSql,
  emailOrUsernameTaken,
  findLiveUserById,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findStaff,
  listStaff,
  userFieldSql,
  userMatchesSql,
  insertCustomer,
  lockUserRow,
  updatePasswordHash,
  type NewUser,
} from './repo.ts';
