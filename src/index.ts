/**
 * `import 'bridge-widget'` registers <bridge-widget> (and its parts) and
 * exports the classes, the client and the flow for hosts that want them.
 */
import './define.js';

export * from './elements.js';
export { defineBridgeWidget } from './define.js';
