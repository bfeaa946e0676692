/**
 * `Intl` objects made once per locale (and options): building one costs far
 * more than using it, and the widget asks for the same few on every render.
 */

/**
 * The object `build` makes for `locale`, from `cache` under `key` (the
 * locale by default); a locale `Intl` refuses falls back to `fallback`
 * (undefined: the browser's own).
 */
export function cachedIntl<T>(
  cache: Map<string, T>,
  locale: string | undefined,
  build: (locale: string | undefined) => T,
  fallback?: string,
  key = locale ?? '',
): T {
  let value = cache.get(key);
  if (value === undefined) {
    try {
      value = build(locale);
    } catch {
      value = build(fallback);
    }
    cache.set(key, value);
  }
  return value;
}
