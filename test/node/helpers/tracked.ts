import type { TransferSession } from '../../../src/flow/session.ts';
import { isOver, type TransferPhase } from '../../../src/model/transfer-phase.ts';

/** The phase the transfer on screen ended in, once it is over (the one rule, src/model/transfer-phase.ts); undefined while it is followed. */
export function endedPhase(session: TransferSession): TransferPhase | undefined {
  const saved = session.tracking?.current?.saved;
  return saved && isOver(saved.phase, saved.arrival?.state) ? saved.phase : undefined;
}
