/** Public entry of the users module: what other modules and the composition root may use. */
export { createUsersService, type UsersService } from './service';
export type { NewAccount } from './accounts';
export type { CardViewListener, UsersDeps } from './deps';
export {
  presentAdminRow,
  presentAnonymous,
  presentCurrent,
  presentPublic,
  type UserDefaults,
} from './present';
export type { UserBrief, UserColumns } from './repo';
export { type Argon2Cost, checkNewPassword, hashPassword, verifyPassword } from './password';
export { asRated, type UserContests } from './rated';
export { usersModule, type UsersRouteDeps } from './routes';
export {
  USERS_TABLES,
  type UsersTables,
  type UsersTable,
  type UserCardViewsTable,
  type UserRow,
  type NewUser,
  type UserUpdate,
} from './tables';
