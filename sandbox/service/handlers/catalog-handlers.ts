/** GET /routes/chains and GET /routes/tokens. */
import { json, type ApiRequest, type ApiResult, type ServiceContext } from '../context.js';
import { bidiChain, bidiToken } from '../hostile.js';

/** The `bidi-names` switch rewrites names in both lists (see hostile.ts). */
const bidi = (ctx: ServiceContext) => ctx.faults.peek('hostile') === 'bidi-names';

export function listChains(ctx: ServiceContext): ApiResult {
  return json(
    200,
    ctx.catalog.chains().map((chain) => (bidi(ctx) ? bidiChain(ctx.catalog.chainJson(chain)) : ctx.catalog.chainJson(chain))),
  );
}

function tokenJson(ctx: ServiceContext, token: Parameters<ServiceContext['catalog']['tokenJson']>[0]) {
  const json = ctx.catalog.tokenJson(token);
  return bidi(ctx) ? bidiToken(json) : json;
}

const MAX_PAGE_SIZE = 1000;

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^o:(\d{1,9})$/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Without query parameters: the plain array the spec shows. With any query
 * parameter (even an unknown or empty one): `{ data, nextCursor, total? }`,
 * the sandbox's choice of the shape the spec leaves unshown. With the
 * `plainTokenList` switch the parameters are ignored, as by a service that
 * does not paginate.
 */
export function listTokens(ctx: ServiceContext, req: ApiRequest): ApiResult {
  if (req.query.size === 0 || ctx.faults.peek('plainTokenList')) {
    return json(
      200,
      ctx.catalog.tokens().map((t) => tokenJson(ctx, t)),
    );
  }

  const chainId = req.query.get('chainId') ?? '';
  const q = (req.query.get('q') ?? '').trim().toLowerCase();
  const limitText = req.query.get('limit');
  const cursor = req.query.get('cursor');
  const includeTotalText = req.query.get('includeTotal');

  let limit = ctx.tokenPageSize;
  if (limitText !== null && limitText !== '') {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE_SIZE) {
      return json(400, { error: `limit must be an integer between 1 and ${MAX_PAGE_SIZE}`, code: 'INVALID_REQUEST' });
    }
    limit = Number(limitText);
  }
  let offset = 0;
  if (cursor !== null && cursor !== '') {
    const decoded = decodeCursor(cursor);
    if (decoded === null) return json(400, { error: 'cursor is not a cursor returned by this endpoint', code: 'INVALID_CURSOR' });
    offset = decoded;
  }
  if (includeTotalText !== null && !['true', 'false', '1', '0', ''].includes(includeTotalText)) {
    return json(400, { error: 'includeTotal must be true or false', code: 'INVALID_REQUEST' });
  }
  const includeTotal = includeTotalText === 'true' || includeTotalText === '1';

  // Symbol or name contain `q`, or the address is `q` (a pasted contract address finds its token), case-insensitively.
  const list = ctx.catalog.indexed(chainId === '' ? undefined : chainId);
  const filtered = q === '' ? list.tokens : list.tokens.filter((_, i) => (list.text[i] ?? '').includes(q) || list.address[i] === q);
  const page = filtered.slice(offset, offset + limit);
  const next = offset + limit < filtered.length ? encodeCursor(offset + limit) : null;
  return json(200, {
    data: page.map((t) => tokenJson(ctx, t)),
    nextCursor: next,
    ...(includeTotal ? { total: filtered.length } : {}),
  });
}
