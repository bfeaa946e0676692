/**
 * Keeps the routing-service API key, and the operator's RPC URLs with the
 * keys in them, out of everything the proxy emits.
 *
 * The upstream is not expected to echo the key, but if it ever does (a debug
 * field, an error message quoting the request, a pagination link, a request
 * ID derived from it) the browser must still never see it, whatever the
 * encoding. So scrubbing works on decoded content: every JSON string (keys
 * included) is unescaped before it is checked, so `\u0072k_live…` is the key
 * too; and a string is checked for the key raw or URL-encoded in any letter
 * case, hex-encoded in any case, and base64 or base64url encoded at any byte
 * alignment. Header values and log lines get the same check.
 *
 * Plain occurrences are cut out of the text (`bad key [redacted]`) so the
 * rest of an error message survives; a string that still carries an encoded
 * form after that is replaced whole, since the bytes next to an encoded key
 * also encode parts of it.
 */

export const REDACTED = '[redacted]';

export interface SecretScrubber {
  /** `value` with every plain occurrence cut out, or `[redacted]` if an encoded form remains. */
  text(value: string): string;
  /**
   * A JSON document re-serialised with every string and member name scrubbed.
   * Numbers, literals and layout are kept byte for byte; only string tokens
   * that carried the key are rewritten. `undefined` when `json` is not JSON.
   */
  json(json: string): string | undefined;
}

/**
 * One secret (the routing key), or several (the key and the parts of the
 * operator's RPC URLs, see `urlSecrets`): each is looked for in every form.
 */
export function createSecretScrubber(secrets: string | readonly string[]): SecretScrubber {
  const all = [...new Set(typeof secrets === 'string' ? [secrets] : secrets)];
  if (all.length === 0) throw new TypeError('a scrubber needs a secret');
  const plain = plainPattern(all);
  const encoded = [...new Set(all.flatMap(encodedForms))];
  const lowerHexes = all.map(hex);

  const shortest = Math.min(...all.map((secret) => secret.length), ...encoded.map((form) => form.length));
  const holds = (value: string): boolean => {
    const lowered = value.toLowerCase();
    for (const lowerHex of lowerHexes) if (lowered.includes(lowerHex)) return true;
    for (const form of encoded) if (value.includes(form)) return true;
    plain.lastIndex = 0;
    return plain.test(value);
  };
  // Checked as sent, and as a reader would see it once decoded, as often as it decodes: HTML
  // character references (`&#115;`, `&#x73;`, `&lowbar;`, as an HTML error page writes the key),
  // then percent escapes with every byte that does not decode dropped (a neighbour that cannot be
  // decoded, `%C3` or a lone `%`, must neither hide the key nor split it), round after round
  // (`%2573`: a URL echoed inside another URL), until nothing changes.
  // The work is bounded per document: every round of decoding costs the length it looks at, out of a budget of
  // `WORK_PER_CHARACTER` times the document's length. A string still decoding when the budget is spent is taken
  // as carrying the key (replaced whole): one built to decode eight times over (a 250 KiB JSON-RPC id) costs a
  // few passes over the document, not eight over each copy.
  const carries = (value: string, budget: Budget): boolean => {
    if (value.length < shortest) return false;
    let view = value;
    for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {
      budget.left -= view.length;
      if (holds(view)) return true;
      if (budget.left < 0 && (view.includes('%') || view.includes('&'))) return true;
      const html = htmlDecoded(view);
      if (html !== view && holds(html)) return true;
      const next = percentDecoded(html);
      if (next === view) return false;
      view = next;
    }
    return holds(view);
  };

  const scrubbed = (value: string, budget: Budget): string => {
    if (!carries(value, budget)) return value;
    const cut = value.replace(plain, REDACTED);
    return carries(cut, budget) ? REDACTED : cut;
  };

  return {
    text: (value) => scrubbed(value, { left: WORK_PER_CHARACTER * value.length }),
    json(json) {
      try {
        JSON.parse(json);
      } catch {
        return undefined;
      }
      const budget = { left: WORK_PER_CHARACTER * json.length };
      return rewriteStrings(json, (token) => {
        const value = token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
        const result = scrubbed(value, budget);
        return result === value ? token : JSON.stringify(result);
      });
    },
  };
}

/**
 * Calls `rewrite` on every string token (quotes included) of a valid JSON
 * document and splices in what it returns. In valid JSON a `"` outside a
 * string cannot occur, so scanning quote to unescaped quote finds exactly the
 * string tokens, member names included. Linear, with no regular expression
 * (a backtracking one overflows the stack on a multi-megabyte string).
 */
function rewriteStrings(json: string, rewrite: (token: string) => string): string {
  const parts: string[] = [];
  let copied = 0;
  let open = json.indexOf('"');
  while (open !== -1) {
    let close = json.indexOf('"', open + 1);
    for (;;) {
      let backslashes = 0;
      while (json.charCodeAt(close - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) break;
      close = json.indexOf('"', close + 1);
    }
    const token = json.slice(open, close + 1);
    const replaced = rewrite(token);
    if (replaced !== token) {
      parts.push(json.slice(copied, open), replaced);
      copied = close + 1;
    }
    open = json.indexOf('"', close + 1);
  }
  if (copied === 0) return json;
  parts.push(json.slice(copied));
  return parts.join('');
}

/** Each secret and its URL-encoded form, in any letter case (percent escapes are case-insensitive too). */
function plainPattern(secrets: readonly string[]): RegExp {
  const forms = new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]));
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(alternatives.join('|'), 'gi');
}

/** A part of an RPC URL shorter than this is no secret (`v3`, `mainnet`), and scrubbing it would mangle answers. */
export const MIN_URL_SECRET_LENGTH = 12;

/**
 * What of an RPC URL must never leave the proxy: the URL itself (with and
 * without its query), its user name and password, and every path segment
 * and query value of at least `MIN_URL_SECRET_LENGTH` characters, as they
 * are written and decoded (a provider's key sits in the path, `/v3/<key>`,
 * or the query, `?key=<key>`, and a provider's error quotes the URL).
 */
export function urlSecrets(href: string): string[] {
  const url = new URL(href);
  const parts = [url.href, `${url.origin}${url.pathname}`];
  const add = (raw: string, minimum: number) => {
    for (const form of [raw, safeDecode(raw)]) if (form.length >= minimum) parts.push(form);
  };
  add(url.username, 8);
  add(url.password, 8);
  for (const segment of url.pathname.split('/')) add(segment, MIN_URL_SECRET_LENGTH);
  for (const [, value] of url.searchParams) add(value, MIN_URL_SECRET_LENGTH);
  for (const pair of url.search.slice(1).split('&')) add(pair.slice(pair.indexOf('=') + 1), MIN_URL_SECRET_LENGTH);
  return [...new Set(parts)];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Base64 and base64url of the key as they appear inside a longer encoded
 * string: the key can start at any of three byte offsets, and only the
 * characters that encode the key's bytes alone are stable across neighbours.
 */
function encodedForms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const b64 = base64(padded);
    // Characters fully inside the key: skip the group shared with the padding, drop the last partial group.
    const start = offset === 0 ? 0 : 4;
    const keyEnd = Math.floor((offset + bytes.length) / 3) * 4;
    const stable = b64.slice(start, keyEnd);
    if (stable.length >= 8) {
      forms.add(stable);
      forms.add(stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms];
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hex(secret: string): string {
  return [...new TextEncoder().encode(secret)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Percent-decoding that never throws and never gives up on a whole string
 * because one escape is invalid: escapes become bytes, everything else its
 * UTF-8 bytes, and the bytes are decoded with every malformed sequence
 * dropped (a lone `%` stays as it is).
 */
function percentDecoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    // Well-formed throughout: the platform's decoder, with the same rule for U+FFFD as below.
    return decodeURIComponent(value).replaceAll('\uFFFD', '');
  } catch {
    // A malformed escape somewhere: byte by byte.
  }
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let length = 0;
  // Alternating: text between escapes (odd indexes are escape runs, kept by the capture group).
  value.split(/((?:%[0-9a-f]{2})+)/i).forEach((piece, index) => {
    const bytes = index % 2 === 1 ? Uint8Array.from(piece.slice(1).split('%'), (pair) => parseInt(pair, 16)) : encoder.encode(piece);
    parts.push(bytes);
    length += bytes.length;
  });
  const all = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return new TextDecoder('utf-8').decode(all).replaceAll('\uFFFD', '');
}

/** Encodings nested deeper than this are not looked into (each round decodes one layer of both kinds). */
const MAX_DECODING_ROUNDS = 8;

/** Characters looked at, all rounds and strings together, per character of what is scrubbed. */
const WORK_PER_CHARACTER = 4;

interface Budget {
  left: number;
}

/** Named character references of the ASCII characters (HTML's list; `&amp;` and friends in both cases where HTML has them). */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  Tab: '\t',
  NewLine: '\n',
  nbsp: ' ',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
};

/**
 * HTML character references decoded as a browser reads them: decimal and hex
 * (any number of leading zeros, the `;` optional) and the named ones of ASCII
 * characters. Anything else is left as it is.
 */
function htmlDecoded(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(?:#0*(\d{1,7})|#[xX]0*([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));?/g,
    (match, decimal?: string, hexDigits?: string, name?: string) => {
      if (name !== undefined) return NAMED_REFERENCES[name] ?? match;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hexDigits!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    },
  );
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
