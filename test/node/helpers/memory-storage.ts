/**
 * Web Storage in memory, for the flow's stores under Node: one instance stands
 * for one origin's `localStorage`, shared by every widget (or tab) given it.
 * `failWrites` makes `setItem` throw, as a full quota or a privacy mode does.
 */
import type { KeyValueStorage } from '../../../src/flow/storage.ts';

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  failWrites = false;

  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
}
