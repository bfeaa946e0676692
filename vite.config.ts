import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { minifyLitTemplatesPlugin } from './scripts/vite-plugin-minify-lit.ts';
import { LOCALE_ADD_ONS } from './src/i18n/add-ons.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const dependencies = Object.keys(pkg.dependencies);
const external = (id: string) => id.startsWith('node:') || builtinModules.includes(id) || dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * `bridge-widget/react`, `bridge-widget/vue` and `bridge-widget/svelte` are
 * type declarations (JSX, Vue and Svelte template typings). An empty module sits behind them so that a value
 * import (`import 'bridge-widget/react'`) is harmless in any bundler.
 */
function typeOnlyEntries(names: string[]): Plugin {
  return {
    name: 'bridge-widget:type-only-entries',
    generateBundle() {
      for (const name of names) {
        this.emitFile({ type: 'asset', fileName: `${name}.js`, source: `// Type declarations only: see types/types/${name}.d.ts.\nexport {};\n` });
      }
    },
  };
}

/**
 * dist/bridge-widget.min.js, the script-tag file's name before it became a
 * folder (dist/script/: the entry and its chunks): a page that still loads
 * the old URL gets the widget through one more request.
 */
function scriptAlias(): Plugin {
  return {
    name: 'bridge-widget:script-alias',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'bridge-widget.min.js', source: `export * from './script/bridge-widget.js';\n` });
    },
  };
}

/** Licence notice of the script-tag build, which bundles its dependencies. */
const SCRIPT_NOTICE = '/*! bridge-widget (MIT); includes Lit (BSD-3-Clause, Google LLC), zod and viem (MIT) */';

/**
 * Two builds (`npm run build` runs them in this order):
 * - default: the npm package (ES modules, dependencies external) with entries
 *   for the element, the bare classes, the client, the Node-safe proxy and
 *   every language add-on (`dist/locales/<code>.js`, which the widget's own
 *   `import()` of that language also points at); the later moments' dynamic
 *   imports stay chunks, so a host's bundler splits them too;
 * - `--mode script`: the script-tag build, dist/script/: the entry
 *   `bridge-widget.js` (what draws the form and makes it interactive) and the
 *   chunks of the later moments beside it, each imported relative to the
 *   module that needs it (so from the script's own folder, never the page's),
 *   minified, with Lit's production build and its templates' whitespace
 *   trimmed. Each language is a chunk of it, `bridge-widget.<code>.js` (see
 *   `localeChunk`), that the widget imports when it first shows that language,
 *   and that a page may also load itself with a script tag.
 * The language add-ons come from src/i18n/add-ons.ts, the one list of them.
 *
 * No source maps ship (issue 17): the package build is unminified ES2022 that
 * reads like its source, and a map of the script build would carry Lit's,
 * viem's and zod's sources (0.9 MB) or point at paths no CDN serves. The size
 * tools ask for the script build's map themselves (scripts/bench/build.ts).
 */
/**
 * The script build's name for a language's chunk: `bridge-widget.<code>.js`,
 * no hash (a content hash may contain `-` or `_`, and tools that tell language
 * add-ons from the rest, such as the first-load measure, match the name), so
 * `bridge-widget/script/<code>` keeps naming the same file. Other chunks keep
 * Rolldown's default name.
 */
function localeChunk(chunk: { facadeModuleId: string | null }): string | undefined {
  const code = /[\\/]src[\\/]i18n[\\/]([a-z]{2,3})\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
  return code && (LOCALE_ADD_ONS as readonly string[]).includes(code) ? `bridge-widget.${code}.js` : undefined;
}

const localeEntries = (prefix: string) => Object.fromEntries(LOCALE_ADD_ONS.map((code) => [`${prefix}${code}`, `src/i18n/${code}.ts`]));

export default defineConfig(({ mode }) => {
  const script = mode === 'script';
  return {
    esbuild: { target: 'es2022' },
    // The script file is what a page runs as is: pick every dependency's
    // production build (Lit's dev build logs "Lit is in dev mode").
    resolve: script ? { conditions: ['module', 'browser', 'production'] } : {},
    define: script ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    plugins: script ? [minifyLitTemplatesPlugin()] : [typeOnlyEntries(['react', 'vue', 'svelte']), scriptAlias()],
    build: {
      target: 'es2022',
      emptyOutDir: !script,
      outDir: script ? 'dist/script' : 'dist',
      sourcemap: false,
      // Terser compresses each chunk, then Rolldown's minifier (output.minify)
      // runs over the result: 0.8 KB gzipped less than Rolldown's alone.
      // pure_getters: no getter here is read for a side effect (91 B less).
      minify: script ? 'terser' : false,
      terserOptions: { module: true, ecma: 2020, compress: { passes: 3, pure_getters: true }, format: { comments: false } },
      lib: script
        ? { entry: 'src/index.ts', formats: ['es'], fileName: () => 'bridge-widget.js' }
        : {
            entry: {
              index: 'src/index.ts',
              elements: 'src/elements.ts',
              api: 'src/api/index.ts',
              proxy: 'src/proxy/index.ts',
              'proxy-handler': 'src/proxy/handler.ts',
              ...localeEntries('locales/'),
            },
            formats: ['es'],
          },
      // The script file is final code, not a library a bundler will read again:
      // minify whitespace too (vite keeps it in ES library builds) and drop
      // the `#__PURE__` annotations kept for tree-shaking. The minifier drops
      // the dependencies' licence comments; one short notice stands for them.
      // The package build keeps `#__PURE__` annotations for the host's
      // bundler but drops JSDoc (50 KB): the declarations carry it.
      rollupOptions: script
        ? {
            // The modules the entry and a later chunk share go into the entry (it may export more than its own API), not into a flight of small chunks.
            preserveEntrySignatures: 'allow-extension',
            output: {
              minify: true,
              comments: { annotation: false },
              postBanner: SCRIPT_NOTICE,
              // Chunks beside the entry: a language as bridge-widget.<code>.js, the rest named by the module that gives the chunk its name and a hex hash.
              chunkFileNames: (chunk: { facadeModuleId: string | null }) => localeChunk(chunk) ?? '[name]-[hash].js',
              hashCharacters: 'hex',
            },
          }
        : { external, output: { comments: { jsdoc: false, annotation: true, legal: true } } },
    },
  };
});
