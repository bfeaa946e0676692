// Loaded by scripts/test.mjs (`--import`) into every Node test process: gives
// every `it`/`test` a default time limit, so a stuck promise fails that test
// by name instead of hanging the run. node:test's own `--test-timeout` limits
// whole files in Node 20 and names only the file. A suite's explicit
// `{ timeout }` stays the default of the tests inside it; a test's own wins.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const DEFAULT_MS = Number(process.env.NODE_TEST_TIMEOUT_MS) || 120_000;
const nodeTest = createRequire(import.meta.url)('node:test');
const suiteTimeouts = [];

/** Splits node:test's `(name?, options?, fn?)` call forms. */
function parts(args) {
  const list = [...args];
  const name = typeof list[0] === 'string' ? list.shift() : undefined;
  const options = typeof list[0] === 'object' && list[0] !== null ? list.shift() : undefined;
  return { name, options, rest: list };
}

function withDefault(original) {
  const wrapped = function (...args) {
    const { name, options, rest } = parts(args);
    const timeout = options?.timeout ?? suiteTimeouts.at(-1) ?? DEFAULT_MS;
    return original.call(this, ...(name === undefined ? [] : [name]), { ...options, timeout }, ...rest);
  };
  for (const key of ['skip', 'todo', 'only']) if (typeof original[key] === 'function') wrapped[key] = withDefault(original[key]);
  return wrapped;
}

function trackingSuite(original) {
  const wrapped = function (...args) {
    const { name, options, rest } = parts(args);
    const [fn, ...more] = rest;
    const body =
      typeof fn === 'function' && options?.timeout !== undefined
        ? function (...inner) {
            suiteTimeouts.push(options.timeout);
            try {
              return fn.apply(this, inner);
            } finally {
              suiteTimeouts.pop();
            }
          }
        : fn;
    return original.call(this, ...(name === undefined ? [] : [name]), ...(options ? [options] : []), ...(body ? [body] : []), ...more);
  };
  for (const key of ['skip', 'todo', 'only']) if (typeof original[key] === 'function') wrapped[key] = trackingSuite(original[key]);
  return wrapped;
}

nodeTest.it = withDefault(nodeTest.it);
nodeTest.test = withDefault(nodeTest.test);
nodeTest.describe = trackingSuite(nodeTest.describe);
nodeTest.suite = nodeTest.suite && trackingSuite(nodeTest.suite);
syncBuiltinESMExports();
