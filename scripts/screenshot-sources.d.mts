/** Types of scripts/screenshot-sources.mjs for the TypeScript test that reads it. */
export const ROOT: string;
export const RECORD: string;
export const VARIANTS: Record<string, string[]>;
export const WAYS_STATES: string[];
export function screenshotSources(): Record<string, string[]>;
export function sourcesHash(sources: string[]): string;
