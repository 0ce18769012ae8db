export * from './access';
export * from './auth/login';
export * from './common/errors';
export * from './common/list-query';
export * from './statuses';
export * from './users/user';
