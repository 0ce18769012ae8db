export * from './compiled-rules';
export * from './condition';
export * from './data-source';
export * from './json-path';
export * from './media-entity';
export * from './rule-selection';
export * from './viewer-context';
