/**
 * Something loaded on demand, once: a chunk (`lazy(() => import('./x.js'))`)
 * or what is made from chunks. The first need starts the load, every need
 * while it is on its way shares it, and what arrived is kept.
 *
 * A load that failed is tried again on the next need: a phone that was
 * offline for a moment must not be stuck until a reload. Browsers fetch a
 * module again after a failed fetch (HTML no longer keeps the failure in the
 * module map: whatwg/html#10327); where one still does, the next need fails
 * at once, as it would have anyway.
 */
export interface Lazy<T> {
  /** The value, loading it on the first need (or the first since a load failed). */
  load(): Promise<T>;
  /** The value once it has arrived, else undefined: for code that must not wait. */
  loaded(): T | undefined;
}

export function lazy<T>(start: () => Promise<T>): Lazy<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= start().then(
        (arrived) => (value = arrived),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
