/** Types of scripts/guarantee-mutants.mjs for the TypeScript tests that read it. */
export interface MutantEdit {
  file: string;
  find: string;
  replace: string;
}
export interface Mutant {
  row: number;
  name: string;
  edits: MutantEdit[];
  node?: string[];
  browser?: string[];
  grep?: string;
  note?: string;
}
export interface StaleMutant {
  row: number;
  name: string;
  why: string;
}
export const MUTANTS: Mutant[];
export function staleMutants(root: string, mutants?: readonly Mutant[]): StaleMutant[];
