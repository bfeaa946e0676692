#!/usr/bin/env node
// custom-elements.json as one line: the analyzer indents it, which is a third
// of its size in the package, and the tools that read it (IDEs, Storybook,
// the docs' tables) parse it. Run by `npm run manifest` after `cem analyze`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../custom-elements.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(JSON.parse(readFileSync(file, 'utf8')))}\n`);
