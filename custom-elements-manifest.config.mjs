// Configuration of `cem analyze` (npm run manifest), which writes
// custom-elements.json from the source. Small plugins fill what the
// analyzer cannot see in this code base:
// - tag names: elements are registered in a loop over an `ELEMENTS` table
//   (src/define.ts for the first load, src/bridge-widget/moments/*.ts for the
//   later moments' chunks; guarded, version-aware), not with literal
//   `customElements.define('tag', Class)` calls, so the analyzer would find no
//   tag names at all;
// - only modules that declare elements (and those that register them) are kept: the manifest
//   documents the elements, and changes to the client, the flow or the proxy
//   should not make it stale;
// - typed `emit(type, detail)` helpers dispatch `new CustomEvent(type, …)` with
//   a variable name, which the analyzer would list as an event called `type`;
//   an event class (`new AmountChangeEvent(detail)`, its name in its class)
//   it lists with no name at all. The real events are documented with
//   `@fires {AmountChangeEvent} bw-amount-change`; these phantoms are dropped;
// - internal state (`{ state: true }` in `static properties`) is not an attribute;
// - private and protected members are the classes' insides, not what a page
//   reaches: the manifest lists the public ones (the declarations keep the
//   protected ones for a subclass).

/** Reads each `export const ELEMENTS = { 'tag': Class, … }` table with the imports of its module. */
function registeredTagsPlugin() {
  /** @type {Map<string, { className: string; module: string | undefined; registeredIn: string }>} */
  const tags = new Map();
  return {
    name: 'bridge-widget:registered-tags',
    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isSourceFile(node)) {
        const directory = moduleDoc.path.slice(0, moduleDoc.path.lastIndexOf('/'));
        const imports = new Map();
        for (const statement of node.statements) {
          if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
          const bindings = statement.importClause?.namedBindings;
          if (!bindings || !ts.isNamedImports(bindings)) continue;
          for (const element of bindings.elements) {
            const from = new URL(statement.moduleSpecifier.text.replace(/\.js$/, '.ts'), `file:///${directory}/`).pathname.slice(1);
            imports.set(element.name.text, from);
          }
        }
        for (const statement of node.statements) {
          if (!ts.isVariableStatement(statement)) continue;
          for (const declaration of statement.declarationList.declarations) {
            if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'ELEMENTS' || !declaration.initializer) continue;
            let initializer = declaration.initializer;
            while (ts.isAsExpression(initializer) || ts.isSatisfiesExpression?.(initializer) || ts.isParenthesizedExpression(initializer)) {
              initializer = initializer.expression;
            }
            if (!ts.isObjectLiteralExpression(initializer)) continue;
            for (const property of initializer.properties) {
              if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.initializer)) continue;
              const tag = ts.isStringLiteral(property.name) || ts.isIdentifier(property.name) ? property.name.text : undefined;
              if (!tag) continue;
              const className = property.initializer.text;
              tags.set(tag, { className, module: imports.get(className), registeredIn: moduleDoc.path });
            }
          }
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      /** @type {Map<string, object[]>} */
      const definitions = new Map();
      for (const [tag, { className, module, registeredIn }] of tags) {
        const moduleDoc = customElementsManifest.modules.find((candidate) => candidate.path === module);
        const declaration = moduleDoc?.declarations?.find((candidate) => candidate.kind === 'class' && candidate.name === className);
        if (!moduleDoc || !declaration) {
          throw new Error(`custom-elements manifest: <${tag}> is registered as ${className} from ${module}, which the analyzer did not find`);
        }
        declaration.tagName = tag;
        declaration.customElement = true;
        const list = definitions.get(registeredIn) ?? [];
        list.push({ kind: 'custom-element-definition', name: tag, declaration: { name: className, module: moduleDoc.path } });
        definitions.set(registeredIn, list);
      }
      for (const [path, list] of definitions) {
        const registering = customElementsManifest.modules.find((candidate) => candidate.path === path);
        if (registering) registering.exports = [...(registering.exports ?? []).filter((entry) => entry.kind !== 'custom-element-definition'), ...list];
      }
    },
  };
}

/**
 * Keeps the modules that declare custom elements, and define.ts, in path
 * order (the analyzer's file order varies from run to run), and in them only
 * declarations that are exported (the analyzer also lists some local
 * variables of functions).
 */
function elementModulesOnlyPlugin() {
  return {
    name: 'bridge-widget:element-modules-only',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules = customElementsManifest.modules
        .filter(
          (moduleDoc) =>
            moduleDoc.exports?.some((entry) => entry.kind === 'custom-element-definition') ||
            moduleDoc.declarations?.some((declaration) => declaration.customElement),
        )
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      for (const moduleDoc of customElementsManifest.modules) {
        const exported = new Set((moduleDoc.exports ?? []).map((entry) => entry.declaration?.name ?? entry.name));
        const declaresElements = moduleDoc.declarations?.some((declaration) => declaration.customElement);
        // A module that only registers (define.ts, a later moment's chunk) is documented by what it registers:
        // its ELEMENTS table and its define function, not the views it renders.
        const documented = (name) => (declaresElements ? exported.has(name) : name === 'ELEMENTS' || name.startsWith('define'));
        moduleDoc.declarations = (moduleDoc.declarations ?? []).filter((declaration) => declaration.customElement || documented(declaration.name));
        moduleDoc.exports = (moduleDoc.exports ?? []).filter(
          (entry) => entry.kind === 'custom-element-definition' || documented(entry.declaration?.name ?? entry.name),
        );
      }
    },
  };
}

/** Drops events the analyzer named after a variable (`dispatchEvent(new CustomEvent(type, …))`), or could not name (`dispatchEvent(new AmountChangeEvent(…))`). */
function variableEventNamesPlugin() {
  return {
    name: 'bridge-widget:variable-event-names',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const phantom = new Set();
      const visit = (child) => {
        if (ts.isCallExpression(child) && ts.isPropertyAccessExpression(child.expression) && child.expression.name.text === 'dispatchEvent') {
          for (const argument of child.arguments) {
            const first = ts.isNewExpression(argument) ? argument.arguments?.[0] : undefined;
            if (first && ts.isIdentifier(first)) phantom.add(first.text);
          }
        }
        ts.forEachChild(child, visit);
      };
      ts.forEachChild(node, visit);
      const classDoc = moduleDoc.declarations?.find((declaration) => declaration.kind === 'class' && declaration.name === node.name.text);
      if (classDoc?.events) {
        classDoc.events = classDoc.events.filter((event) => !((!event.name || phantom.has(event.name)) && !event.description));
      }
    },
  };
}

/**
 * Internal state declared in `static properties` as `{ state: true }` has no
 * attribute (Lit sets `attribute: false` for it), but the analyzer reads such
 * an entry as an attribute. Drops those attributes, on the declaring class
 * and on the classes that inherit it.
 */
function internalStatePlugin() {
  const states = new Set();
  return {
    name: 'bridge-widget:internal-state',
    analyzePhase({ ts, node }) {
      if (!ts.isPropertyDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== 'properties') return;
      if (
        !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) ||
        !node.initializer ||
        !ts.isObjectLiteralExpression(node.initializer)
      )
        return;
      for (const entry of node.initializer.properties) {
        if (!ts.isPropertyAssignment(entry) || !ts.isIdentifier(entry.name) || !ts.isObjectLiteralExpression(entry.initializer)) continue;
        const isState = entry.initializer.properties.some(
          (option) =>
            ts.isPropertyAssignment(option) &&
            ts.isIdentifier(option.name) &&
            option.name.text === 'state' &&
            option.initializer.kind === ts.SyntaxKind.TrueKeyword,
        );
        if (isState) states.add(entry.name.text);
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const moduleDoc of customElementsManifest.modules) {
        for (const declaration of moduleDoc.declarations ?? []) {
          // Reading `static properties`, the analyzer marks every declared field `public`; unmarked means the same, as it was with decorators.
          for (const member of declaration.members ?? []) if (member.privacy === 'public') delete member.privacy;
          const internal = new Set(
            (declaration.members ?? [])
              .filter((member) => states.has(member.name) && member.privacy && member.privacy !== 'public')
              .map((member) => member.name),
          );
          if (internal.size === 0) continue;
          if (declaration.attributes) declaration.attributes = declaration.attributes.filter((attribute) => !internal.has(attribute.fieldName));
          for (const member of declaration.members ?? []) if (internal.has(member.name)) delete member.attribute;
        }
      }
    },
  };
}

/**
 * Keeps the members a page can reach: private and protected ones (and each
 * element's copies of those it inherits from PartElement or PickerElement)
 * were a third of the manifest, and the tools that read it (IDEs, the docs'
 * tables, Storybook) show the public API.
 */
function publicMembersPlugin() {
  return {
    name: 'bridge-widget:public-members',
    packageLinkPhase({ customElementsManifest }) {
      for (const moduleDoc of customElementsManifest.modules) {
        for (const declaration of moduleDoc.declarations ?? []) {
          if (!declaration.members) continue;
          declaration.members = declaration.members.filter((member) => member.privacy !== 'private' && member.privacy !== 'protected');
        }
      }
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.d.ts'],
  litelement: true,
  // package.json already names custom-elements.json; never rewrite it (the
  // staleness test writes its manifest elsewhere).
  packagejson: false,
  plugins: [registeredTagsPlugin(), variableEventNamesPlugin(), internalStatePlugin(), elementModulesOnlyPlugin(), publicMembersPlugin()],
};
