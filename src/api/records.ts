/** A plain JSON object (not null, not an array): the shape tolerant readers of unshown response wrappers look into. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
