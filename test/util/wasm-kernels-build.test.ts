/**
 * The checked-in WebAssembly kernels are their texts built: each .wat through wabt (and binaryen where
 * the kernel is inlined) gives exactly the bytes its TypeScript module carries, and that module is exactly
 * what `npm run build:wasm-kernels` writes (so neither file drifts from the .wat).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FINAL_KERNEL_WASM } from '../../shared/connect4/final-kernel-wasm.ts';
import { PREFIX_VALUE_KERNEL_WASM } from '../../shared/models/prefix-value-kernel-wasm.ts';
import { SHALLOW_KERNEL_WASM } from '../../shared/othello/shallow-kernel-wasm.ts';
import { buildWasmKernel, kernelModuleText, WASM_KERNELS } from '../../scripts/build-wasm-kernels.ts';

const CARRIED: Record<string, string> = { FINAL_KERNEL_WASM, PREFIX_VALUE_KERNEL_WASM, SHALLOW_KERNEL_WASM };

test.each(WASM_KERNELS.map((k) => [k.name, k] as const))(
  '%s is its .wat built',
  async (name, k) => {
    const bytes = await buildWasmKernel(k);
    expect(Buffer.from(CARRIED[name], 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(readFileSync(k.module, 'utf8')).toBe(kernelModuleText(k, bytes));
  },
  60_000,
);
