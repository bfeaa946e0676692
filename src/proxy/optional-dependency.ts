/**
 * The proxy's optional peer dependencies (`@redis/client`, `prom-client`),
 * imported only by the features that need them, so an installation without
 * them still runs the rest.
 */

/**
 * Imports `specifier`, or throws an error that says which feature needs it
 * and how to install it. The specifier is a variable: bundlers must leave an
 * optional peer dependency to the installing project.
 */
export async function importOptional<T>(specifier: string, needs: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ specifier)) as T;
  } catch {
    throw new Error(`${needs} the ${specifier} package: npm install ${specifier}`);
  }
}
