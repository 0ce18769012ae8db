export * from './bulk';
export * from './campaign';
export * from './list-query';
export * from './report';
export * from './report-links';
