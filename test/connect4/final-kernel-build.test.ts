/**
 * The checked-in kernel is its text assembled: shared/connect4/final-kernel.wat through wabt gives
 * exactly the bytes in shared/connect4/final-kernel-wasm.ts, and that module is exactly what
 * `npm run build:c4-kernel` writes (so neither file drifts from the .wat).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FINAL_KERNEL_WASM } from '../../shared/connect4/final-kernel-wasm.ts';
import { assembleFinalKernel, kernelModuleText, MODULE_PATH } from '../../scripts/build-c4-kernel.ts';

test('final-kernel.wat assembles to the checked-in bytes', async () => {
  const bytes = await assembleFinalKernel();
  expect(Buffer.from(FINAL_KERNEL_WASM, 'base64').equals(Buffer.from(bytes))).toBe(true);
  expect(readFileSync(MODULE_PATH, 'utf8')).toBe(kernelModuleText(bytes));
}, 30_000);
