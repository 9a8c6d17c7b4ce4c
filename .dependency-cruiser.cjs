/**
 * The layers of the tree, checked by dependency-cruiser (`npm run lint:deps`, in `npm test`);
 * docs/architecture.md describes them. No import cycles, type-only imports included; shared/ runs in
 * the app, the workers, the CLI and the browser alike, so it imports no Node built-in, no Electron and
 * no DOM-only package.
 *
 * Top level, lowest first: shared/ < node/ < cli/ and electron/ (each beside the other, both above
 * node/); renderer/ stands on shared/ alone.
 *
 * shared/ holds the machinery every paper uses, in layers, and one wing per paper or game.
 * The machinery, lowest first (the files at shared/'s root, such as version.ts, sit with util/):
 * - util/: hashing, ranges, labelled fields, strict objects, zod messages;
 * - game/: the Game cursor and explicit graphs;
 * - io/: the file formats (graphs, proofs, results lines): they know games, not experiments;
 * - the engine, in three floors: search/ (searches on the Game cursor; a game's specialised kernel is
 *   registered with search/kernels.ts by the module that defines the game) < proof/ (minimum proof
 *   trees) < models/ (the generic tree models of the experiments);
 * - experiments/: specs, the runner, statistics, sweeps;
 * - what consumes experiments: jobs/ (the job pool and worker loop), figures/, trace/, studies/;
 * - api/: the renderer ↔ host contract;
 * - host/: the run host.
 *
 * The wings (WINGS) hold one paper's or one game's science: its computation, models, presets, study
 * descriptors and figures. A wing stands on any machinery, and on another wing where one paper uses
 * another's game; the machinery knows a wing only through the registries (REGISTRIES), one line per
 * preset, model or study, and what a registry imports from a wing keeps to the registry's layer however
 * deep it goes (the rule follows imports transitively), so no layer reaches above itself through a wing.
 */
const SHARED_LAYERS = [
  { name: 'util', folders: ['util'] },
  { name: 'game', folders: ['game'] },
  { name: 'io', folders: ['io'] },
  { name: 'search', folders: ['search'] },
  { name: 'proof', folders: ['proof'] },
  { name: 'models', folders: ['models'] },
  { name: 'experiments', folders: ['experiments'] },
  { name: 'consumers', folders: ['jobs', 'figures', 'trace', 'studies'] },
  { name: 'api', folders: ['api'] },
  { name: 'host', folders: ['host'] },
];
const WINGS = ['furtak-buro', 'li', 'rivest', 'althofer', 'set-cover', 'connect4', 'othello'];
/** The machinery's files that list what the wings bring. */
const REGISTRIES = [
  'shared/models/registry.ts',
  'shared/experiments/presets.ts',
  'shared/experiments/sweep-presets.ts',
  'shared/studies/registry.ts',
];
const ENGINE = ['search', 'proof', 'models'];
const ALL = SHARED_LAYERS.flatMap((l) => l.folders);

const folders = (names) => `^shared/(${names.join('|')})/`;
const above = (k) => SHARED_LAYERS.slice(k + 1).flatMap((l) => l.folders);
const escaped = (path) => path.replace(/[.]/g, '\\.');

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

// What a registry brings from the wings keeps to the registry's layer, however deep its imports go.
const registriesReach = REGISTRIES.map((registry) => {
  const k = SHARED_LAYERS.findIndex((l) => l.folders.includes(registry.split('/')[1]));
  return forbid(
    `${registry.split('/')[1]}-registry-not-reaching-up`,
    { path: `^${escaped(registry)}$` },
    { path: folders(above(k)), reachable: true },
    `${registry} and what it imports from the wings reach nothing above ${SHARED_LAYERS[k].name} (${above(k).join(', ')})`,
  );
});

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
      { path: '^shared/[^/]+/', pathNot: folders([...ALL, ...WINGS]) },
      {},
      'every folder of shared/ has a place in SHARED_LAYERS or WINGS of .dependency-cruiser.cjs',
    ),
    ...upwardInShared,
    ...registriesReach,
    forbid(
      'wings-join-through-registries',
      { path: folders(ALL), pathNot: `^(${REGISTRIES.map(escaped).join('|')})$` },
      { path: folders(WINGS) },
      'the machinery of shared/ knows a wing only through a registry (models, presets, sweep presets, studies)',
    ),
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
