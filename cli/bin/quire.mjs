#!/usr/bin/env node
// The `quire` command: loads the TypeScript sources through tsx's loader (no build step), so
// `npx quire` works right after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
