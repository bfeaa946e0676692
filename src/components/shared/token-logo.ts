/**
 * Round logo for a token or chain, with a fallback that never breaks layout:
 * only `safeHttpUrl` URLs are loaded; while loading, on error, or without a URL,
 * a circle with the first one or two letters of the symbol shows instead, on a
 * background colour derived from the symbol (the same symbol always gets the
 * same colour).
 *
 * The letters are CSS generated content (`data-initials`), so a trigger
 * button's visible text stays exactly its label.
 *
 * A template helper rather than an element, so every part can use it without
 * one more registration. Include {@link tokenLogoStyles} in the part's styles.
 * The logo is decorative (`aria-hidden`, `alt=""`): the name is in the text next to it.
 */
import { css, html, nothing } from 'lit';
import type { DirectiveResult } from 'lit/directive.js';
import { keyed } from 'lit/directives/keyed.js';
import { cssProperties } from './css-properties.js';
import { safeHttpUrl } from '../../format/safe-url.js';

/** URLs that failed once are not retried while rows are recycled (bounded). */
const failedLogos = new Set<string>();
const MAX_FAILED = 500;

function onLogoLoad(event: Event): void {
  (event.currentTarget as HTMLImageElement).setAttribute('data-loaded', '');
}

function onLogoError(event: Event): void {
  const img = event.currentTarget as HTMLImageElement;
  const src = img.getAttribute('src');
  if (src) {
    if (failedLogos.size >= MAX_FAILED) failedLogos.clear();
    failedLogos.add(src);
  }
  img.hidden = true;
}

/** First one or two letters or digits of the symbol, upper-cased; `?` when there are none. */
export function logoInitials(symbol: string): string {
  const letters = Array.from(symbol.replace(/[^\p{L}\p{N}]/gu, ''))
    .slice(0, 2)
    .join('');
  return letters ? letters.toUpperCase() : '?';
}

/** Deterministic background for the fallback; dark enough for white text (contrast > 4.5:1). */
export function logoColor(symbol: string): string {
  let hash = 0;
  for (let i = 0; i < symbol.length; i++) hash = (Math.imul(hash, 31) + symbol.charCodeAt(i)) | 0;
  // Final mix, so that symbols differing in one letter get distant hues.
  hash = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  hash ^= hash >>> 16;
  const hue = (hash >>> 0) % 360;
  return `hsl(${hue} 55% 28%)`;
}

/**
 * @param url - Untrusted logo URL from the service; dropped unless http(s).
 * @param symbol - Symbol or name the fallback letters and colour come from.
 * @param size - Diameter in CSS pixels (width/height are set to avoid layout jumps).
 * @param allow - The URL check (wallet icons may also be `data:image/…` URIs: `safeIconUrl`).
 */
export function tokenLogo(
  url: string | null | undefined,
  symbol: string,
  size = 32,
  allow: (url: string | null | undefined) => string | undefined = safeHttpUrl,
): DirectiveResult {
  const safe = allow(url);
  const src = safe && !failedLogos.has(safe) ? safe : undefined;
  // Keyed by URL: a recycled row with another logo gets a fresh <img>, so a
  // hidden (failed) or loaded state never leaks to the next token.
  return keyed(
    src ?? '',
    html`<span
      class="logo"
      part="logo"
      aria-hidden="true"
      style=${cssProperties({ '--logo-size': `${size}px`, '--logo-color': logoColor(symbol) })}
      >${
        src
          ? html`<img
            src=${src}
            alt=""
            width=${size}
            height=${size}
            loading="lazy"
            decoding="async"
            referrerpolicy="no-referrer"
            @load=${onLogoLoad}
            @error=${onLogoError}
          />`
          : nothing
      }<span class="initials" data-initials=${logoInitials(symbol)}></span
    ></span>`,
  );
}

export const tokenLogoStyles = css`
  .logo {
    position: relative;
    flex: none;
    display: inline-block;
    width: var(--logo-size, 32px);
    height: var(--logo-size, 32px);
    border-radius: 50%;
    overflow: hidden;
    vertical-align: middle;
  }
  .logo img {
    position: absolute;
    inset: 0;
    z-index: 1;
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0;
  }
  .logo img[data-loaded] {
    opacity: 1;
  }
  .logo img[data-loaded] ~ .initials {
    visibility: hidden;
  }
  .initials {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    background: var(--logo-color);
    color: #fff;
    font-size: calc(var(--logo-size, 32px) * 0.36);
    font-weight: 700;
    line-height: 1;
    letter-spacing: -0.02em;
    user-select: none;
  }
  /* Generated content, not text: the letters are decoration and must not
     leak into the accessible name or the visible-label checks of a button. */
  .initials::after {
    content: attr(data-initials);
  }
`;
