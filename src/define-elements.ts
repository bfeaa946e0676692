/**
 * The one guarded registration: loading the script twice, or two copies of
 * the package on one page, never throws ("already been used with this
 * registry"); the first registration wins and a different version only warns.
 * The main entry registers the parts of the first load (./define.ts); each
 * later moment's chunk registers its own parts when it loads
 * (src/bridge-widget/moments/).
 */
import { VERSION } from './version.js';

const VERSION_KEY = Symbol.for('bridge-widget.version');

/** Where the first load was registered: a later moment's parts are registered there too. */
const registries = new Set<CustomElementRegistry>();

/** Custom element classes carry the version that registered them, so a second copy can tell. */
type Versioned = CustomElementConstructor & { [VERSION_KEY]?: string };

export function defineElements(
  elements: Readonly<Record<string, CustomElementConstructor>>,
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): void {
  // No registry during server-side rendering: nothing to do, and nothing to throw.
  if (!registry) return;
  registries.add(registry);
  for (const [tag, element] of Object.entries(elements) as [string, Versioned][]) {
    const existing = registry.get(tag) as Versioned | undefined;
    if (!existing) {
      registry.define(tag, element);
      element[VERSION_KEY] = VERSION;
      continue;
    }
    const existingVersion = existing[VERSION_KEY];
    if (existing !== element && existingVersion !== VERSION) {
      console.warn(
        `bridge-widget ${VERSION}: <${tag}> is already defined by ${existingVersion ? `version ${existingVersion}` : 'another script'}; keeping that one.`,
      );
    }
  }
}

/** A later moment's parts, registered wherever the widget was (the page's registry when nothing registered it yet). */
export function defineLaterElements(elements: Readonly<Record<string, CustomElementConstructor>>): void {
  for (const registry of registries.size ? [...registries] : [globalThis.customElements]) defineElements(elements, registry);
}
