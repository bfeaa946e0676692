// The lint gate `npm test` runs (test/node/lint.test.ts): the widget's sources
// against ESLint's and typescript-eslint's recommended rules, and the Lit and
// web-components plugins' (templates that bind correctly, elements that
// follow the platform's rules). The compiler's own checks (unused locals and
// parameters) are in tsconfig.json.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

export default tseslint.config({
  files: ['src/**/*.ts'],
  extends: [js.configs.recommended, tseslint.configs.recommended, lit.configs['flat/recommended'], wc.configs['flat/best-practice']],
  // The web-components rules look at classes by their base's name: Lit's, and the project's bases of elements.
  settings: { wc: { elementBaseClasses: ['LitElement', 'PartElement', 'FieldElement', 'PickerElement', 'TokenPicker', 'BridgeWidgetPublicProperties'] } },
  rules: {
    // A parameter a subclass may use, named with `_` in the base (as tsc's noUnusedParameters reads it).
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    // `declare global { interface GlobalEventHandlersEventMap extends BridgeWidgetEventMap {} }` is how a map is merged into the DOM's.
    '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    // tsc (noUnusedLocals) reports an unused private member, and reads `this.#loading ??= import(…)`, a once-only guard, as the use it is.
    'no-unused-private-class-members': 'off',
    // Every element extends LitElement, which implements each lifecycle callback: the guard is for bare HTMLElement subclasses and mixins.
    'wc/guard-super-call': 'off',
  },
});
