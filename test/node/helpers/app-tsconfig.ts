/**
 * The compiler options of an integrator's strict TypeScript app (bundler
 * resolution, the DOM, no emit, no ambient types), for the tests that
 * type-check snippets the way such an app would.
 */
export const APP_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};
