export * from './intent-store.js';
export * from './status-poller.js';
export * from './transfer.js';
export * from './catalog.js';
