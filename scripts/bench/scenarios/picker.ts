/**
 * The source token picker with the sandbox's large catalog: click
 * on the trigger → dialog painted with rows, each keystroke of a search →
 * local result painted, the last keystroke → the service's answer painted (a
 * token only the chain's last page lists), and a second opening after Escape.
 */
import { call, newPage, pause, type BenchContext } from './context.ts';

/** Part of the name of WETH, which only the last page of the source chain lists in the large catalog. */
export const SEARCH_TEXT = 'wrapped e';
export const SEARCH_RESULT = 'WETH';

export interface PickerRun {
  /** Tokens the picker holds (the source chain's share of the catalog). */
  tokens: number;
  /** Page load → widget showing a chain, with the large catalog. */
  interactiveMs: number;
  open: { ms: number; rows: number; setSize: number };
  keystrokes: { query: string; ms: number; matches: number }[];
  /** Last keystroke → the service's result painted (includes the search debounce). */
  serverResultMs: number;
  reopen: { ms: number; rows: number };
}

export async function runPicker(ctx: BenchContext): Promise<PickerRun> {
  const { context, page } = await newPage(ctx);
  try {
    await page.goto(ctx.widgetPageUrl);
    const startup = await call<{ scriptFetchStart: number; interactiveAt: number }>(page, 'window.__bench.startup');
    const trigger = page.locator('bw-asset-picker').first().locator('[part~="trigger"]');

    const tokens = await call<number>(page, 'window.__bench.armPickerOpen(0)');
    await trigger.click();
    const open = await call<PickerRun['open']>(page, 'window.__bench.pickerOpen');

    const focused = await call<boolean>(page, 'window.__bench.armPickerSearch(0)');
    if (!focused) ctx.log('  the search field did not take focus; typing may not reach it');
    for (let i = 0; i < SEARCH_TEXT.length; i++) {
      await page.keyboard.type(SEARCH_TEXT[i]!);
      await page.waitForFunction(`window.__bench.keys.length >= ${i + 1}`, undefined, { timeout: 30_000, polling: 'raf' });
      await pause(50);
    }
    const serverResultMs = await call<number>(page, `window.__bench.rowPainted(${JSON.stringify(SEARCH_RESULT)})`);
    const keystrokes = await call<PickerRun['keystrokes']>(page, 'window.__bench.keys');

    await page.keyboard.press('Escape');
    await pause(300);
    await call<number>(page, 'window.__bench.armPickerOpen(0)');
    await trigger.click();
    const reopen = await call<PickerRun['reopen']>(page, 'window.__bench.pickerOpen');
    return { tokens, interactiveMs: startup.interactiveAt - startup.scriptFetchStart, open, keystrokes, serverResultMs, reopen };
  } finally {
    await context.close();
  }
}
