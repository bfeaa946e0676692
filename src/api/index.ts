export * from './client.js';
export * from './receipt.js';
// The full client, with the endpoints the widget does not call, shadows the widget's own.
export { RoutingClient } from './full-client.js';
export * from './errors.js';
export * from './deposit.js';
export * from './rate-limit.js';
export * from './schemas.js';
export * from './transfer-schemas.js';
export * from './validate.js';
// The Solana, Cosmos and Bitcoin address rules, a chunk the widget loads on demand: here from the start, so `checkAddress` answers at once.
export { decodeBech32 } from '../model/address-rules.js';
export * from './approvals.js';
export { sleep } from '../model/sleep.js';
