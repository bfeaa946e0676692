/** Kept in step with package.json by the build (vite `define`) and checked in the tests. */
export const VERSION = '0.1.0';
