import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { LOCALE_ADD_ONS } from './src/i18n/add-ons.ts';
import { minifyLitTemplatesPlugin } from './scripts/minify-lit-templates.ts';

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

/**
 * The npm package (`npm run build` runs it first): ES modules, dependencies
 * external, with entries for the element, the bare classes, the client and the
 * Node-safe proxy; the language add-ons are the script build's files
 * (languageFiles above); the later moments' dynamic imports stay chunks, so a
 * host's bundler splits them too.
 *
 * The script-tag folder, dist/script/, is built by Rollup, not here
 * (scripts/script-build.ts says why: its first load must be one file).
 *
 * Minified (the Lit template minifier, then Oxc's minifier: whitespace and
 * local names go), keeping what an integrator reads or their bundler needs:
 * function and class names (a stack trace from the widget or the proxy names
 * them), the exports' names, the `#__PURE__` annotations and legal comments.
 * The host's bundler minifies again anyway; the ES build is a third smaller.
 *
 * No source maps ship: a map would carry our sources (or point at paths the
 * package does not hold), and a map of the script build would carry Lit's,
 * viem's and zod's too (0.9 MB). The declarations carry the documentation;
 * the size tools ask for the script build's map themselves
 * (scripts/bench/build.ts).
 */
/**
 * The language tables ship once, as the script build's language files
 * (`dist/script/bridge-widget.<code>.js`: a module that exports its table and
 * imports nothing). The package's `./locales/<code>` export points at them,
 * and the widget's own `import()` of a language (src/i18n/loaders.ts) stays
 * external here and reaches the same file: the tables were 0.45 MB twice.
 */
function languageFiles(): Plugin {
  const table = new RegExp(`/src/i18n/(${LOCALE_ADD_ONS.join('|')})\\.ts$`);
  return {
    name: 'bridge-widget:language-files',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.endsWith('/src/i18n/loaders.ts')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const code = resolved && table.exec(resolved.id)?.[1];
      return code ? { id: `./script/bridge-widget.${code}.js`, external: true } : null;
    },
  };
}

export default defineConfig({
  esbuild: { target: 'es2022' },
  plugins: [minifyLitTemplatesPlugin() as Plugin, typeOnlyEntries(['react', 'vue', 'svelte']), scriptAlias(), languageFiles()],
  build: {
    target: 'es2022',
    emptyOutDir: true,
    outDir: 'dist',
    sourcemap: false,
    // Vite's own setting keeps whitespace in a library's ES build: `output.minify` below says what goes.
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        elements: 'src/elements.ts',
        api: 'src/api/index.ts',
        proxy: 'src/proxy/index.ts',
        'proxy-handler': 'src/proxy/handler.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external,
      output: {
        minify: {
          compress: { keepNames: { function: true, class: true } },
          mangle: { keepNames: true },
          codegen: { removeWhitespace: true },
        },
        // Keeps `#__PURE__` annotations for the host's bundler but drops JSDoc: the declarations carry it.
        comments: { jsdoc: false, annotation: true, legal: true },
      },
    },
  },
});
