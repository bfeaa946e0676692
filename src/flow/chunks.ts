/**
 * The flow's parts that load on demand, each named once: the session loads
 * its rooms through these, and the moments' prefetch (src/bridge-widget/
 * controllers/moment-controller.ts) fetches the same files while the page is
 * idle, so that neither a click nor a resumed transfer waits on the network.
 */
import { loadChunk } from './errors.js';

/** The execution room (./execution.ts): loaded with the review, on the click on Bridge or before it while the page is idle. */
export const loadExecutionRoom = () => loadChunk(() => import('./execution.js'));

/**
 * The transfer steps and their guards (./batch.ts, one prompt where the wallet
 * can, over ./transfer.ts, the sequence): a chunk of their own, loaded on the
 * first click, or before it when the page is idle.
 */
export const loadTransferSteps = () => loadChunk(() => import('./batch.js'));

/**
 * The rules for a transfer whose outcome is unknown (./unknown-outcome.ts): in
 * the transfer steps' chunk, which found the forgotten batch (./batch.ts
 * re-exports them), so no chunk of their own and the chain reads shared.
 */
export const loadUnknownOutcomes = async () => (await loadTransferSteps()).UnknownOutcomes;

/** The tracking room (./tracking.ts, with ./refund-watch.ts): loaded once the account has a saved transfer (to resume or list) or a transfer starts. */
export const loadTrackingRoom = () => loadChunk(() => import('./tracking.js'));

/** The receipt and status steps (./track-transfer.ts): a chunk of their own, loaded with the first transfer followed. */
export const loadTrackingSteps = () => loadChunk(() => import('./track-transfer.js'));

/** The saved transfers' store (./intent-store.ts, with their schema): in the transfer's chunk, loaded with the execution or the tracking room. */
export const loadIntentStore = () => loadChunk(() => import('./intent-store.js'));

/** Paying into a deposit address (./deposit.ts): the `deposit` chunk, loaded on the user's choice only (never while the page is idle), or to show a saved deposit transfer. */
export const loadDepositRoom = () => loadChunk(() => import('./deposit.js'));
