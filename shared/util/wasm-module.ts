/**
 * WebAssembly modules carried as base64 in TypeScript (so Node, the utility process and the browser's
 * worker load them with no bundler step), compiled once per process where the host allows it.
 */

/** The part of the WebAssembly API used here: in every host shared/ runs in, but not in the ES library. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => { exports: unknown };
}
export type WasmModule = { readonly compiled: unique symbol };

/** A module compiled from base64 (lazily, once), or why it cannot be: this host has none, or refuses it. */
export class LazyWasm {
  private compiled: WasmModule | null | undefined;
  private why = '';

  constructor(private readonly base64: string) {}

  /** The compiled module, or null where WebAssembly is missing or refused (see `unavailable`). */
  module(): WasmModule | null {
    if (this.compiled === undefined) {
      try {
        const api = wasmApi();
        if (api === undefined) throw new Error('this host has no WebAssembly');
        this.compiled = new api.Module(Uint8Array.from(atob(this.base64), (c) => c.charCodeAt(0)));
      } catch (e) {
        this.compiled = null;
        this.why = e instanceof Error ? e.message : String(e);
      }
    }
    return this.compiled;
  }

  /** Why the module cannot run here ('' when it can). */
  unavailable(): string {
    this.module();
    return this.why;
  }
}

/** The exports of a new instance of `module` (compiled by a LazyWasm) with `imports`. */
export function instantiate(module: WasmModule, imports: Record<string, Record<string, unknown>>): unknown {
  return new (wasmApi() as WasmApi).Instance(module, imports).exports;
}

function wasmApi(): WasmApi | undefined {
  return (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
}
