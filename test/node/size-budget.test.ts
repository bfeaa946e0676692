/**
 * Size budgets. Sizes are deterministic, so they are asserted here; timings
 * are not (they are printed by `npm run bench`).
 *
 * Builds with the repository's vite.config.ts (package build, then
 * `--mode script`) into a temporary directory, never into dist/.
 *
 * Budgets, gzip level 9 (as `gzip -9`):
 * - script-tag build (`exports['./script']`, dist/bridge-widget.min.js,
 *   everything but its language files included): a hard ceiling of 62 KB =
 *   63,488 bytes (60 KB until issue 28; see SCRIPT_GZIP_BUDGET). The old
 *   45 KB target is retired: lit + zod/mini + the viem helpers take 15.3 KB
 *   and the rest is features, each of which states its cost in gzip bytes.
 * - package entry (`exports['.']`, dist/index.js with the local chunks it
 *   imports, as published; lit, viem, zod external):
 *   PACKAGE_ENTRY_GZIP_BUDGET in scripts/bench/size.ts, 85,700 bytes, set
 *   from the measurement when the budget was introduced (74,494 bytes) plus
 *   15 % headroom. Raise it deliberately, in the same change as the code that
 *   needs it, and say why.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildWidget, type BuiltFiles } from '../../scripts/bench/build.ts';
import {
  bundledSources,
  contributors,
  entrySize,
  fileSize,
  forbiddenFindings,
  PACKAGE_ENTRY_GZIP_BUDGET,
  SCRIPT_GZIP_BUDGET,
} from '../../scripts/bench/size.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('size budgets', { timeout: 120_000 }, () => {
  let dir: string;
  let files: BuiltFiles;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bridge-widget-size-'));
    files = await buildWidget(join(dir, 'dist'));
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`the script-tag build is at most ${kb(SCRIPT_GZIP_BUDGET)} gzipped`, (t) => {
    const size = fileSize(files.scriptFile);
    t.diagnostic(`${size.file}: ${size.gzip} B gzip (${kb(size.gzip)}), ${size.raw} B raw, ${size.brotli} B brotli`);
    if (size.gzip > SCRIPT_GZIP_BUDGET) {
      // Say where the bytes are, so the failure can be acted on without running the bench.
      const c = contributors(files.scriptFile, 10);
      for (const p of c.packages) t.diagnostic(`  ${p.name}: ${p.bytes} B raw (${(p.share * 100).toFixed(1)} %), about ${p.gzipMarginal} B gzip`);
      for (const m of c.modules) t.diagnostic(`  ${m.source}: ${m.bytes} B raw`);
    }
    assert.ok(
      size.gzip <= SCRIPT_GZIP_BUDGET,
      `${size.file} is ${size.gzip} B gzipped (${kb(size.gzip)}), over the ${SCRIPT_GZIP_BUDGET} B ceiling by ${size.gzip - SCRIPT_GZIP_BUDGET} B; run npm run bench for the contributors`,
    );
  });

  it(`the package entry with its chunks is at most ${PACKAGE_ENTRY_GZIP_BUDGET} B gzipped`, (t) => {
    const size = entrySize(files.entryFile);
    t.diagnostic(`${size.closure.files.join(' + ')}: ${size.closure.gzip} B gzip, ${size.closure.raw} B raw (entry file alone ${size.entry.gzip} B gzip)`);
    assert.ok(size.closure.files.length >= 1);
    assert.ok(
      size.closure.gzip <= PACKAGE_ENTRY_GZIP_BUDGET,
      `the package entry is ${size.closure.gzip} B gzipped, over its ${PACKAGE_ENTRY_GZIP_BUDGET} B budget by ${size.closure.gzip - PACKAGE_ENTRY_GZIP_BUDGET} B`,
    );
  });

  it('the script-tag build has no viem client or HTTP transport code (the widget speaks EIP-1193 and fetch)', () => {
    assert.deepEqual(forbiddenFindings(files.scriptFile), []);
  });

  it('zod comes in as zod/mini only; its share is reported', (t) => {
    const c = contributors(files.scriptFile);
    const zod = c.packages.find((p) => p.name === 'zod');
    t.diagnostic(
      zod
        ? `zod: ${zod.bytes} B raw (${(zod.share * 100).toFixed(1)} % of the script build), about ${zod.gzipMarginal} B gzip`
        : 'zod: not in the script build',
    );
    const classic = bundledSources(files.scriptFile).filter((source) => /node_modules\/zod\/(v4\/classic|v3)\//.test(source));
    assert.deepEqual(classic, [], 'the classic zod API (or zod v3) is bundled; import from zod/mini');
  });
});
