/**
 * The layers of the tree, checked by dependency-cruiser (`npm run lint:deps`, in `npm test`); the
 * README's Architecture section describes them. A module may import from its own layer and the layers
 * below it, never from a layer above; no import cycles, type-only imports included; shared/ runs in the
 * app, the workers, the CLI and the browser alike, so it imports no Node built-in, no Electron and no
 * DOM-only package.
 *
 * Top level, lowest first: shared/ < node/ < cli/ and electron/ (each beside the other, both above
 * node/); renderer/ stands on shared/ alone.
 *
 * Inside shared/, lowest first (the files at shared/'s root, such as version.ts, sit with util/):
 * - util/: hashing, ranges, labelled fields, strict objects, zod messages;
 * - game/: the Game cursor and explicit graphs;
 * - io/: the file formats (graphs, proofs, results lines) — they know games, not experiments;
 * - the engine: models/, search/, proof/ and the game families beside them (li/, othello/, connect4/,
 *   rivest/, althofer/);
 * - experiments/: specs, the runner, statistics, sweeps;
 * - what consumes experiments: jobs/ (the job pool and worker loop), figures/, trace/, studies/;
 * - api/: the renderer ↔ host contract;
 * - host/: the run host.
 * jobs/ runs experiments and studies, and api/ describes them, without importing engine code.
 */
const SHARED_LAYERS = [
  { name: 'util', folders: ['util'] },
  { name: 'game', folders: ['game'] },
  { name: 'io', folders: ['io'] },
  { name: 'engine', folders: ['models', 'search', 'proof', 'li', 'othello', 'connect4', 'rivest', 'althofer'] },
  { name: 'experiments', folders: ['experiments'] },
  { name: 'consumers', folders: ['jobs', 'figures', 'trace', 'studies'] },
  { name: 'api', folders: ['api'] },
  { name: 'host', folders: ['host'] },
];
const ENGINE = SHARED_LAYERS[3].folders;
const ALL = SHARED_LAYERS.flatMap((l) => l.folders);

const folders = (names) => `^shared/(${names.join('|')})/`;
const above = (k) => SHARED_LAYERS.slice(k + 1).flatMap((l) => l.folders);

const upwardInShared = SHARED_LAYERS.slice(0, -1).map((layer, k) => ({
  name: `shared-${layer.name}-not-upward`,
  comment: `shared/ ${layer.folders.join(', ')} imports from its own layer or below, not from ${above(k).join(', ')}`,
  severity: 'error',
  // the files at shared/'s root sit with util/
  from: { path: k === 0 ? '^shared/(util/|[^/]+$)' : folders(layer.folders) },
  to: { path: folders(above(k)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle: the modules on it cannot be understood, tested or loaded one without the other',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-folder-has-a-layer',
      comment: 'every folder of shared/ has a place in SHARED_LAYERS of .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: '^shared/[^/]+/', pathNot: folders(ALL) },
      to: {},
    },
    ...upwardInShared,
    {
      name: 'jobs-not-to-engine',
      comment: 'jobs/ runs what experiments/ and the studies hand it; it imports no engine code itself',
      severity: 'error',
      from: { path: '^shared/jobs/' },
      to: { path: folders(ENGINE) },
    },
    {
      name: 'api-not-to-engine',
      comment:
        'api/ is the contract between the renderer and the host: it names experiments and studies, not engine code',
      severity: 'error',
      from: { path: '^shared/api/' },
      to: { path: folders(ENGINE) },
    },
    {
      name: 'shared-is-the-floor',
      comment: 'shared/ imports nothing of node/, cli/, electron/ or renderer/',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(node|cli|electron|renderer)/' },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'shared/ runs in the browser too: no node:* (or bare Node built-in) imports',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-electron',
      comment: 'shared/ runs outside Electron: no electron import',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^electron($|/)|(^|/)node_modules/electron/' },
    },
    {
      name: 'shared-no-dom-packages',
      comment: "shared/ runs in Node too: no package that needs the DOM (the renderer's Vue, Pinia, vue-echarts)",
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '(^|/)node_modules/(vue|pinia|vue-echarts|@vue/[^/]+)/' },
    },
    {
      name: 'node-on-shared-only',
      comment: 'node/ serves the CLI and the Electron main process: it imports shared/, not them',
      severity: 'error',
      from: { path: '^node/' },
      to: { path: '^(cli|electron|renderer)/' },
    },
    {
      name: 'cli-on-node-and-shared',
      comment: 'cli/ imports node/ and shared/ only',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^(electron|renderer)/' },
    },
    {
      name: 'electron-on-node-and-shared',
      comment: 'electron/ imports node/ and shared/ only',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^(cli|renderer)/' },
    },
    {
      name: 'renderer-on-shared-only',
      comment: 'renderer/ runs in the browser: it imports shared/ (and assets/), never node/, cli/ or electron/',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(node|cli|electron)/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // node_modules is a symlink to a shared install: keep its paths inside the tree so packages are recognised
    preserveSymlinks: true,
    // type-only imports are arrows and cycles too
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.vue'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.vue', '.json', '.d.ts'],
    },
  },
};
