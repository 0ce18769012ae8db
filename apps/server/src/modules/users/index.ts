/**
 * Users and their companies: the rows every credential (sessions, access tokens) leads to, shared by
 * sign-in, the account, the session plugin and the CLIs; `toUser` is how a row is shown.
 */
export {
  activeUsers,
  createCompaniesRepository,
  createUsersRepository,
  toUser,
  USER_COLUMNS,
  type UsersRepository,
} from './users.repository';
