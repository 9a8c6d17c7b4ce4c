#!/usr/bin/env node
// The `gtlab` command: runs the TypeScript sources through tsx's loader (no build step needed).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
