/**
 * `npm run build:c4-kernel`: assembles shared/connect4/final-kernel.wat with wabt (the WebAssembly
 * Binary Toolkit's JavaScript build) and writes its bytes, in base64, to
 * shared/connect4/final-kernel-wasm.ts, the module the solver loads (a TypeScript string rather than a
 * .wasm file, so Node, the utility process and the browser's worker load it with no bundler step).
 * test/connect4/final-kernel-build.test.ts runs the same assembly and compares the bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import initWabt from 'wabt';

const WAT_PATH = new URL('../shared/connect4/final-kernel.wat', import.meta.url);
export const MODULE_PATH = new URL('../shared/connect4/final-kernel-wasm.ts', import.meta.url);

/** The kernel's bytes, assembled from its text. */
export async function assembleFinalKernel(): Promise<Uint8Array> {
  const wabt = await initWabt();
  const m = wabt.parseWat('final-kernel.wat', readFileSync(WAT_PATH, 'utf8'), { bulk_memory: true });
  try {
    return Uint8Array.from(m.toBinary({}).buffer);
  } finally {
    m.destroy();
  }
}

/** The TypeScript module that carries the bytes. */
export function kernelModuleText(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 96) lines.push(`  '${b64.slice(i, i + 96)}',`);
  return `/**
 * The bytes of ./final-kernel.wat, assembled by \`npm run build:c4-kernel\` (scripts/build-c4-kernel.ts),
 * in base64. Written by that script: change the .wat and run it, never this file.
 */
export const FINAL_KERNEL_WASM = [
${lines.join('\n')}
].join('');
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bytes = await assembleFinalKernel();
  writeFileSync(MODULE_PATH, kernelModuleText(bytes));
  console.log(`${MODULE_PATH.pathname}: ${bytes.length} bytes`);
}
