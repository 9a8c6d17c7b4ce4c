/**
 * The host globals shared/ may use: present in every host it runs in (Node, Electron's main, utility
 * and renderer processes, browsers, Web Workers) but not part of the ES library. Only shared/tsconfig.json
 * (lib ES2023, no DOM, no node types) reads this file, so any other host API used from shared/, and any
 * import of node:*, electron or a DOM global, fails its type check; the other configs take these names
 * from their own libraries.
 */
declare function setTimeout(callback: (...args: never[]) => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare const performance: { now(): number };
declare function structuredClone<T>(value: T): T;
declare function btoa(data: string): string;
declare function atob(data: string): string;
