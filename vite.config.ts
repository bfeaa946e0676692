import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const dependencies = Object.keys(pkg.dependencies);
const external = (id: string) =>
  id.startsWith('node:') || builtinModules.includes(id) || dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

/**
 * Two builds:
 * - default: the npm package (ES modules, dependencies external) with entries
 *   for the element, the bare classes, the client and the Node-safe proxy;
 * - `--mode script`: one self-contained file for `<script type="module">`.
 */
export default defineConfig(({ mode }) => {
  const script = mode === 'script';
  return {
    esbuild: { target: 'es2022' },
    build: {
      target: 'es2022',
      emptyOutDir: !script,
      outDir: 'dist',
      sourcemap: true,
      minify: script,
      lib: script
        ? { entry: 'src/index.ts', formats: ['es'], fileName: () => 'bridge-widget.min.js' }
        : {
            entry: {
              index: 'src/index.ts',
              elements: 'src/elements.ts',
              api: 'src/api/index.ts',
              proxy: 'src/proxy/index.ts',
              'proxy-handler': 'src/proxy/handler.ts',
            },
            formats: ['es'],
          },
      rollupOptions: script ? {} : { external },
    },
  };
});
