/**
 * A source module as a network can serve it, for the chunks a part or the
 * widget imports later: an import map placed before the page first asks for
 * the module sends every `import()` of it elsewhere; everything else is the
 * real code. One outcome per page (a browser keeps a module, or its failure,
 * for the page's life): a test file that uses this runs in a page of its own,
 * and maps the module before anything imports it.
 */

/** Sends the page's imports of `path` (a source module as the test server serves it, `/src/…/x.ts`) to `url`. */
export function mapModule(path: string, url: string): void {
  const map = document.createElement('script');
  map.type = 'importmap';
  map.textContent = JSON.stringify({ imports: { [path]: url } });
  document.head.append(map);
}

/** The module `path` is not on the server (a CDN error, a deploy that removed it, the page gone offline). */
export function loseModule(path: string): void {
  mapModule(path, `/test/browser/helpers/missing-module-${Math.random().toString(36).slice(2)}.js`);
}
