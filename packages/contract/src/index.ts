export * from './admin.js';
export * from './common.js';
export * from './errors.js';
export * from './lang.js';
export * from './messages.js';
export * from './users.js';
