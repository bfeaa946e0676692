/** The subset of the Web Storage API the widget uses (saved transfers, the catalog's cache, the remembered choices); tests and SSR pass their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
