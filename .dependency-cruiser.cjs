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
 * - the engine, in five floors, lowest first:
 *   - search/, with rivest/ and althofer/ beside it: searches on the Game cursor; a game's specialised
 *     kernel is registered with search/kernels.ts by the module that defines the game, so search/ knows
 *     no model;
 *   - proof/: minimum proof trees, built on search/'s searches and solved games;
 *   - games: othello/ and connect4/, real games and their solvers (Othello's proofs use proof/);
 *   - models/: the experiments' tree models and their kernels, the Othello endgame among them;
 *   - li/: Li's tables and Monte Carlo checks, on the Li-dependent model;
 *   the folders of one floor import nothing of each other;
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
  { name: 'search', folders: ['search', 'rivest', 'althofer'], engine: true },
  { name: 'proof', folders: ['proof'], engine: true },
  { name: 'games', folders: ['othello', 'connect4'], engine: true },
  { name: 'models', folders: ['models'], engine: true },
  { name: 'li', folders: ['li'], engine: true },
  { name: 'experiments', folders: ['experiments'] },
  { name: 'consumers', folders: ['jobs', 'figures', 'trace', 'studies'] },
  { name: 'api', folders: ['api'] },
  { name: 'host', folders: ['host'] },
];
const ENGINE_FLOORS = SHARED_LAYERS.filter((l) => l.engine);
const ENGINE = ENGINE_FLOORS.flatMap((l) => l.folders);
const ALL = SHARED_LAYERS.flatMap((l) => l.folders);

const folders = (names) => `^shared/(${names.join('|')})/`;
const above = (k) => SHARED_LAYERS.slice(k + 1).flatMap((l) => l.folders);

// A forbidden arrow: the files matching `from` may not import those matching `to`.
const forbid = (name, from, to, comment) => ({ name, comment, severity: 'error', from, to });

const upwardInShared = SHARED_LAYERS.slice(0, -1).map((layer, k) =>
  forbid(
    `shared-${layer.name}-not-upward`,
    // the files at shared/'s root sit with util/
    { path: k === 0 ? '^shared/(util/|[^/]+$)' : folders(layer.folders) },
    { path: folders(above(k)) },
    `shared/ ${layer.folders.join(', ')} imports from its own layer or below, not from ${above(k).join(', ')}`,
  ),
);

// On an engine floor of several folders, a folder imports from none of the others ($1: its own folder).
const apartOnEngineFloors = ENGINE_FLOORS.filter((floor) => floor.folders.length > 1).map((floor) =>
  forbid(
    `shared-${floor.name}-floor-apart`,
    { path: `^shared/(${floor.folders.join('|')})/` },
    { path: folders(floor.folders), pathNot: '^shared/$1/' },
    `shared/ ${floor.folders.join(', ')} stand side by side on one floor of the engine: none imports another`,
  ),
);

module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      {},
      { circular: true },
      'an import cycle: the modules on it cannot be understood, tested or loaded one without the other',
    ),
    forbid(
      'shared-folder-has-a-layer',
      { path: '^shared/[^/]+/', pathNot: folders(ALL) },
      {},
      'every folder of shared/ has a place in SHARED_LAYERS of .dependency-cruiser.cjs',
    ),
    ...upwardInShared,
    ...apartOnEngineFloors,
    forbid(
      'jobs-not-to-engine',
      { path: '^shared/jobs/' },
      { path: folders(ENGINE) },
      'jobs/ runs what experiments/ and the studies hand it; it imports no engine code itself',
    ),
    forbid(
      'api-not-to-engine',
      { path: '^shared/api/' },
      { path: folders(ENGINE) },
      'api/ is the contract between the renderer and the host: it names experiments and studies, not engine code',
    ),
    forbid(
      'shared-is-the-floor',
      { path: '^shared/' },
      { path: '^(node|cli|electron|renderer)/' },
      'shared/ imports nothing of node/, cli/, electron/ or renderer/',
    ),
    forbid(
      'shared-no-node-builtins',
      { path: '^shared/' },
      { dependencyTypes: ['core'] },
      'shared/ runs in the browser too: no node:* (or bare Node built-in) imports',
    ),
    forbid(
      'shared-no-electron',
      { path: '^shared/' },
      { path: '^electron($|/)|(^|/)node_modules/electron/' },
      'shared/ runs outside Electron: no electron import',
    ),
    forbid(
      'shared-no-dom-packages',
      { path: '^shared/' },
      { path: '(^|/)node_modules/(vue|pinia|vue-echarts|@vue/[^/]+)/' },
      "shared/ runs in Node too: no package that needs the DOM (the renderer's Vue, Pinia, vue-echarts)",
    ),
    forbid(
      'node-on-shared-only',
      { path: '^node/' },
      { path: '^(cli|electron|renderer)/' },
      'node/ serves the CLI and the Electron main process: it imports shared/, not them',
    ),
    forbid(
      'cli-on-node-and-shared',
      { path: '^cli/' },
      { path: '^(electron|renderer)/' },
      'cli/ imports node/ and shared/ only',
    ),
    forbid(
      'electron-on-node-and-shared',
      { path: '^electron/' },
      { path: '^(cli|renderer)/' },
      'electron/ imports node/ and shared/ only',
    ),
    forbid(
      'renderer-on-shared-only',
      { path: '^renderer/' },
      { path: '^(node|cli|electron)/' },
      'renderer/ runs in the browser: it imports shared/ (and assets/), never node/, cli/ or electron/',
    ),
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
