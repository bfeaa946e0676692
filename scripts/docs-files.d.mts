/** Types of scripts/docs-files.mjs for the TypeScript tests that read it. */
export interface Doc {
  /** Relative to the repository: `README.md`, `docs/<name>.md`. */
  file: string;
  text: string;
}
export interface GuaranteeRow {
  promise: string;
  shownBy: string;
}
export function docFiles(root?: URL): string[];
export function readDocs(root?: URL): Doc[];
export function docWith(needle: string, root?: URL): Doc;
export function guaranteeRows(root?: URL): GuaranteeRow[];
