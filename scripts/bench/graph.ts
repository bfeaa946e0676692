/**
 * The module graph of a built folder, read from the built files themselves:
 * which files a browser fetches before the entry runs (its static imports,
 * transitively) and which it can fetch later (dynamic `import()`), so that
 * budgets and reports count what a page really downloads.
 *
 * The files are lexed with es-module-lexer, not matched with a regular
 * expression: minified output writes `import{a as b}from"./x.js"`,
 * `export*from"./x.js"` and `` import(`./x.js`) `` (Rolldown turns dynamic
 * import specifiers into template literals), and a string or a template in
 * the code may look like an import to a pattern but not to a lexer.
 *
 * Only relative specifiers are followed (`./x.js`, `../y.js`): a bare one
 * (`lit`, in the package build) belongs to the host's bundler.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';

export interface ModuleNode {
  file: string;
  /** Files imported statically (`import … from`, `export … from`, `import "…"`), resolved. */
  static: string[];
  /** Files imported with `import()`, resolved; a template with `${…}` matches every file of its shape. */
  dynamic: string[];
  /** Relative specifiers that name no file, or dynamic imports whose target cannot be read from the code. */
  unresolved: string[];
}

export interface ModuleGraph {
  entry: string;
  nodes: Map<string, ModuleNode>;
}

const English = /^en(?:[-_][a-z0-9]{2,8})*$/i;
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A language add-on: a file whose name is a language code, alone, after the
 * script build's `bridge-widget.` prefix, or before a chunk hash (`de.js`,
 * `bridge-widget.de.js`, `pt-br-1a2b3c4d.js`, `de-B-AZjSe8.js`). English is
 * never one: a complete English transfer needs it wherever it sits. A code is
 * a language when Intl knows its name (so `api.js` or `map-1a2b3c4d.js` are
 * not languages, `de`, `pt-BR`, `zh-Hant` are).
 */
export function isLanguageAddOn(fileName: string): boolean {
  const name = basename(fileName)
    .replace(/\.m?js$/, '')
    .replace(/^bridge-widget\./, '');
  const candidates = [name, name.replace(/[-.][A-Za-z0-9_-]{8}$/, '')];
  return candidates.some((code) => {
    if (!/^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i.test(code) || English.test(code)) return false;
    try {
      return languageNames.of(code.replace(/_/g, '-')) !== undefined;
    } catch {
      return false;
    }
  });
}

/** The files in `dir` a template specifier like `./*.js` can name (one `*` per substitution). */
function globFiles(dir: string, pattern: string): string[] {
  const folder = dirname(resolve(dir, pattern));
  if (!existsSync(folder)) return [];
  const name = basename(pattern);
  const matcher = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
  return readdirSync(folder)
    .filter((file) => matcher.test(file))
    .map((file) => join(folder, file));
}

/** Reads `entry` and every file it reaches through relative static and dynamic imports. */
export async function moduleGraph(entry: string): Promise<ModuleGraph> {
  await init();
  const nodes = new Map<string, ModuleNode>();
  const queue = [resolve(entry)];
  while (queue.length) {
    const file = queue.shift()!;
    if (nodes.has(file)) continue;
    const node: ModuleNode = { file, static: [], dynamic: [], unresolved: [] };
    nodes.set(file, node);
    const [imports] = parse(readFileSync(file, 'utf8'), file);
    for (const record of imports) {
      if (record.type === 'import-meta') continue;
      if (record.type === 'dynamic') {
        if (record.specifier === undefined) {
          node.unresolved.push(`import(${readFileSync(file, 'utf8').slice(record.start, record.end)})`);
          continue;
        }
        if (!record.specifier.startsWith('.')) continue;
        const targets = record.glob ? globFiles(dirname(file), record.specifier) : [resolve(dirname(file), record.specifier)];
        for (const target of targets) {
          if (!existsSync(target)) node.unresolved.push(record.specifier);
          else if (!node.dynamic.includes(target)) node.dynamic.push(target);
        }
        continue;
      }
      if (!record.specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), record.specifier);
      if (!existsSync(target)) node.unresolved.push(record.specifier);
      else if (!node.static.includes(target)) node.static.push(target);
    }
    queue.push(...node.static, ...node.dynamic);
  }
  return { entry: resolve(entry), nodes };
}

/** The entry and every file it imports statically, transitively: what the browser fetches before the entry runs. */
export function firstLoadFiles(graph: ModuleGraph): string[] {
  return reach(graph, (node) => node.static);
}

/**
 * Everything the entry reaches through static and dynamic imports, language
 * add-ons left out (another language is loaded only by a page that shows it,
 * and what it imports in turn is counted only if something else needs it).
 */
export function completeFiles(graph: ModuleGraph): string[] {
  return reach(graph, (node) => [...node.static, ...node.dynamic].filter((file) => !isLanguageAddOn(file) && !isOnChoiceChunk(file)));
}

/**
 * Chunks a complete English transfer through the browser's wallet never
 * loads, so its budget leaves them out (like a language add-on); each has its
 * own size in the bench. Named by their group in scripts/script-build.ts:
 * - a feature few users pick, fetched only on that choice and never while the
 *   page is idle (WalletConnect, paying into a deposit address);
 * - the chooser's ways to a wallet that is not in this browser (WalletConnect's
 *   entry, the wallet apps' "Open in" links), fetched only where the host
 *   opted in to WalletConnect (a feature few use, like the two above) or the
 *   browser has no wallet (where no transfer can be signed).
 */
export const ON_CHOICE_CHUNKS = ['walletconnect', 'deposit', 'wallet-ways'] as const;

export function isOnChoiceChunk(fileName: string): boolean {
  const name = basename(fileName).replace(/\.m?js$/, '');
  return ON_CHOICE_CHUNKS.some((group) => name === group || name.startsWith(`${group}-`));
}

function reach(graph: ModuleGraph, next: (node: ModuleNode) => string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const node = graph.nodes.get(file);
    if (node) for (const target of next(node)) visit(target);
  };
  visit(graph.entry);
  return [...seen];
}

/** Every unresolved import in the graph, as `file: specifier`. */
export function unresolvedImports(graph: ModuleGraph): string[] {
  return [...graph.nodes.values()].flatMap((node) => node.unresolved.map((specifier) => `${basename(node.file)}: ${specifier}`));
}
