/**
 * `npm run build:wasm-kernels`: assembles each WebAssembly kernel's text with wabt (the WebAssembly
 * Binary Toolkit's JavaScript build), optimises it with binaryen where the kernel asks, and writes its
 * bytes, in base64, to the TypeScript module that loads them (a string rather than a .wasm file, so Node,
 * the utility process and the browser's worker load it with no bundler step).
 * test/util/wasm-kernels-build.test.ts runs the same build and compares the bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import binaryen from 'binaryen';
import initWabt from 'wabt';

interface WasmKernel {
  /** the text, and the module written with its bytes as `name` */
  wat: URL;
  module: URL;
  name: string;
  /**
   * Inline the helpers (binaryen -O3, larger inlining budgets): Node 20's V8 does not inline calls
   * between WebAssembly functions, and the prefix-value kernel calls its hash helpers once per child
   * (measured 2.3× the speed with them inlined), and small loops such as the pick of the next child
   * from several callers (~3 % on the Figure 4 searches); the Othello shallow search's flips, moves, stable
   * discs and last empties (2.1× its speed on positions of 7 empties). The Connect-Four kernel is assembled
   * as written.
   */
  inline: boolean;
}

export const WASM_KERNELS: WasmKernel[] = [
  {
    wat: new URL('../shared/connect4/final-kernel.wat', import.meta.url),
    module: new URL('../shared/connect4/final-kernel-wasm.ts', import.meta.url),
    name: 'FINAL_KERNEL_WASM',
    inline: false,
  },
  {
    wat: new URL('../shared/models/prefix-value-kernel.wat', import.meta.url),
    module: new URL('../shared/models/prefix-value-kernel-wasm.ts', import.meta.url),
    name: 'PREFIX_VALUE_KERNEL_WASM',
    inline: true,
  },
  {
    wat: new URL('../shared/othello/shallow-kernel.wat', import.meta.url),
    module: new URL('../shared/othello/shallow-kernel-wasm.ts', import.meta.url),
    name: 'SHALLOW_KERNEL_WASM',
    inline: true,
  },
];

/** The kernel's bytes, assembled from its text (and optimised where it asks). */
export async function buildWasmKernel(k: WasmKernel): Promise<Uint8Array> {
  const wabt = await initWabt();
  const file = k.wat.pathname.split('/').pop() ?? 'kernel.wat';
  const m = wabt.parseWat(file, readFileSync(k.wat, 'utf8'), { bulk_memory: true });
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(m.toBinary({}).buffer);
  } finally {
    m.destroy();
  }
  if (!k.inline) return bytes;
  const b = binaryen.readBinary(bytes);
  try {
    // the annotation rows grow with memory.copy and memory.fill (bulk memory, in every engine we run on)
    b.setFeatures(b.getFeatures() | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt);
    binaryen.setOptimizeLevel(3);
    binaryen.setShrinkLevel(0);
    binaryen.setFlexibleInlineMaxSize(200);
    binaryen.setOneCallerInlineMaxSize(1000);
    binaryen.setAllowInliningFunctionsWithLoops(true);
    b.optimize();
    if (!b.validate()) throw new Error(`${file}: binaryen's output does not validate`);
    return Uint8Array.from(b.emitBinary());
  } finally {
    b.dispose();
  }
}

/** The TypeScript module that carries the kernel's bytes. */
export function kernelModuleText(k: WasmKernel, bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 96) lines.push(`  '${b64.slice(i, i + 96)}',`);
  const wat = k.wat.pathname.split('/').pop();
  return `/**
 * The bytes of ./${wat}, built by \`npm run build:wasm-kernels\` (scripts/build-wasm-kernels.ts),
 * in base64. Written by that script: change the .wat and run it, never this file.
 */
export const ${k.name} = [
${lines.join('\n')}
].join('');
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const k of WASM_KERNELS) {
    const bytes = await buildWasmKernel(k);
    writeFileSync(k.module, kernelModuleText(k, bytes));
    console.log(`${k.module.pathname}: ${bytes.length} bytes`);
  }
}
