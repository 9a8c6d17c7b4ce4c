/**
 * What `electron` resolves to under shared/tsconfig.json and renderer/tsconfig.json: a module with
 * nothing in it. shared/ also runs in browsers and Web Workers, where Electron does not exist, and the
 * renderer reaches the host only through its platform module, so importing anything from Electron
 * fails their type checks.
 */
export {};
