export * from './bulk';
export * from './campaign';
export * from './conversions';
export * from './lift';
export * from './list-query';
export * from './report';
export * from './report-links';
