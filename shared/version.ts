/** The workbench version recorded with every generated file and result (kept equal to package.json by a test). */
export const VERSION = '0.1.0';
export const GENERATOR = `game-tree-lab ${VERSION}`;
