/**
 * Where one approval step stands: the flow moves it (src/flow/transfer.ts),
 * the `bridge-approval` event reports it (src/events/bridge-approval.ts) and
 * the approval steps show it. Here, so that the events import no type of the
 * flow (the flow imports the events' types: one direction).
 */
export type ApprovalState = 'checking' | 'needed' | 'sufficient' | 'waiting-wallet' | 'mining' | 'rechecking' | 'done' | 'failed' | 'rejected';
