import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { minifyLitTemplatesPlugin } from './scripts/vite-plugin-minify-lit.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const dependencies = Object.keys(pkg.dependencies);
const external = (id: string) =>
  id.startsWith('node:') || builtinModules.includes(id) || dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

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

/** Licence notice of the script-tag build, which bundles its dependencies. */
const SCRIPT_NOTICE = '/*! bridge-widget (MIT); includes Lit (BSD-3-Clause, Google LLC), zod, viem and @noble/hashes (MIT) */';

/**
 * Two builds:
 * - default: the npm package (ES modules, dependencies external) with entries
 *   for the element, the bare classes, the client and the Node-safe proxy;
 * - `--mode script`: one self-contained, minified file for
 *   `<script type="module">` (dist/bridge-widget.min.js), with Lit's
 *   production build and its templates' whitespace trimmed;
 * - `--mode script-de`: the German add-on for it (dist/bridge-widget.de.js),
 *   which registers its table with the script-tag build next to it.
 */
/** The string table module: the locale add-on script takes it from the script-tag build instead of bundling a copy. */
const isStringTable = (id: string) => /[\\/]i18n[\\/]strings(\.js|\.ts)?$/.test(id);

export default defineConfig(({ mode }) => {
  const localeAddOn = mode === 'script-de';
  const script = mode === 'script' || localeAddOn;
  return {
    esbuild: { target: 'es2022' },
    // The script file is what a page runs as is: pick every dependency's
    // production build (Lit's dev build logs "Lit is in dev mode").
    resolve: script ? { conditions: ['module', 'browser', 'production'] } : {},
    define: script ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    plugins: script ? [minifyLitTemplatesPlugin()] : [typeOnlyEntries(['react', 'vue', 'svelte'])],
    build: {
      target: 'es2022',
      emptyOutDir: !script,
      outDir: 'dist',
      sourcemap: true,
      // Terser compresses each chunk, then Rolldown's minifier (output.minify)
      // runs over the result: 0.8 KB gzipped less than Rolldown's alone.
      minify: script ? 'terser' : false,
      terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
      lib: localeAddOn
        ? { entry: 'src/locales/de.ts', formats: ['es'], fileName: () => 'bridge-widget.de.js' }
        : script
        ? { entry: 'src/index.ts', formats: ['es'], fileName: () => 'bridge-widget.min.js' }
        : {
            entry: {
              index: 'src/index.ts',
              elements: 'src/elements.ts',
              api: 'src/api/index.ts',
              proxy: 'src/proxy/index.ts',
              'proxy-handler': 'src/proxy/handler.ts',
              'locales/de': 'src/locales/de.ts',
            },
            formats: ['es'],
          },
      // The script file is final code, not a library a bundler will read again:
      // minify whitespace too (vite keeps it in ES library builds) and drop
      // the `#__PURE__` annotations kept for tree-shaking. The minifier drops
      // the dependencies' licence comments; one short notice stands for them.
      rollupOptions: localeAddOn
        ? { external: isStringTable, output: { paths: (id: string) => (isStringTable(id) ? './bridge-widget.min.js' : id) } }
        : script
        ? { output: { minify: true, comments: { annotation: false }, postBanner: SCRIPT_NOTICE } }
        : { external },
    },
  };
});
