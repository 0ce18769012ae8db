export * from './access';
export * from './audit/history';
export * from './auth/login';
export * from './campaigns';
export * from './common/errors';
export * from './common/list-query';
export * from './statuses';
export * from './users/user';
