export * from './client.js';
export * from './errors.js';
export * from './rate-limit.js';
export * from './schemas.js';
export * from './validate.js';
export * from './approvals.js';
