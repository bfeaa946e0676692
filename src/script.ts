/**
 * Entry of the script-tag build (dist/bridge-widget.min.js): the same module
 * as `bridge-widget` (./index.ts), with every part's style sheet placed first
 * and side by side. Modules land in the file in import order; with the CSS
 * together, gzip finds its shared vocabulary within its 32 KB window:
 * 439 B less gzipped than with each sheet next to its part (2026-11-24).
 * A sheet this pattern misses still works; it only compresses a little worse.
 */
import.meta.glob(['./components/shared/styles.ts', './components/*/*.styles.ts', './bridge-widget/*.styles.ts'], { eager: true });

export * from './index.js';
