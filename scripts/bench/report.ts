/** Medians, the printed table and the machine the figures were taken on. */
import { cpus, loadavg, release, totalmem, platform } from 'node:os';
import { execFileSync } from 'node:child_process';
import { ROOT } from './build.ts';

export interface Figure {
  /** Stable key for the JSON, e.g. `startup.interactive`. */
  id: string;
  label: string;
  unit: 'ms' | 'B' | 'KB' | 'MB' | 'count' | '%';
  samples: number[];
  median: number;
  min: number;
  max: number;
  /** The issue's target, as text (`≤ 45 KB`), when it gives one. */
  target?: string;
  /** Whether the median meets the target; undefined without a target. */
  ok?: boolean;
  note?: string;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function figure(
  id: string,
  label: string,
  unit: Figure['unit'],
  samples: readonly number[],
  options: { target?: string; check?: (value: number, all: readonly number[]) => boolean; note?: string } = {},
): Figure {
  const finite = samples.filter((v) => Number.isFinite(v));
  const m = median(finite);
  return {
    id,
    label,
    unit,
    samples: [...samples],
    median: m,
    min: finite.length ? Math.min(...finite) : NaN,
    max: finite.length ? Math.max(...finite) : NaN,
    ...(options.target ? { target: options.target } : {}),
    ...(options.check && finite.length ? { ok: options.check(m, finite) } : {}),
    ...(options.note ? { note: options.note } : {}),
  };
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  platform: string;
  node: string;
  chromium: string;
  loadAverageAtStart: number[];
  commit: string;
  date: string;
}

export function machineInfo(chromium: string, loadAverageAtStart: readonly number[] = loadavg()): MachineInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'vite.config.ts', 'package.json'], { cwd: ROOT, encoding: 'utf8' }).trim();
    if (dirty) commit += ' (with uncommitted changes)';
  } catch {
    // not a git checkout
  }
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    platform: `${platform()} ${release()}`,
    node: process.version,
    chromium,
    loadAverageAtStart: loadAverageAtStart.map((n) => Math.round(n * 100) / 100),
    commit,
    date: new Date().toISOString(),
  };
}

function format(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'B':
      return value.toLocaleString('en-US');
    case 'KB':
      return value.toFixed(1);
    case 'MB':
      return value.toFixed(2);
    case 'ms':
      return value >= 100 ? value.toFixed(0) : value.toFixed(1);
    case '%':
      return value.toFixed(1);
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
  }
}

/** A plain-text table: figure, median, min, max, unit, target (✓ met, ✗ missed). */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.label,
    format(f.median, f.unit),
    format(f.min, f.unit),
    format(f.max, f.unit),
    f.unit,
    f.target ? `${f.target} ${f.ok === undefined ? '' : f.ok ? '✓' : '✗'}`.trim() : '',
  ]);
  const header = ['figure', 'median', 'min', 'max', 'unit', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same table in Markdown, for docs/benchmarks.md. */
export function markdownTable(figures: readonly Figure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.label} | ${format(f.median, f.unit)} | ${format(f.min, f.unit)} | ${format(f.max, f.unit)} | ${f.unit} | ${f.target ? `${f.target}${f.ok === undefined ? '' : f.ok ? ' ✓' : ' ✗'}` : ''} |`,
  );
  return ['| figure | median | min | max | unit | target |', '| --- | ---: | ---: | ---: | --- | --- |', ...rows].join('\n');
}

export function machineLine(m: MachineInfo): string {
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}; Node ${m.node}; Chromium ${m.chromium}; load ${m.loadAverageAtStart.join(' ')}; commit ${m.commit}; ${m.date}`;
}
