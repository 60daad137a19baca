/**
 * The layer rules of the code base, checked by `npm run lint` (dependency-cruiser).
 * docs/architecture.md explains the layers; each rule's comment says what it protects.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties modules together so neither can change or be tested alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-knows-no-host',
      severity: 'error',
      comment: 'The core runs under every host; hosts pass in what it needs (the demo starter, the keychain).',
      from: { path: '^src/main/core/' },
      to: { path: '^src/main/(demo|hosts|electron)/' },
    },
    {
      name: 'hosts-use-the-public-entry',
      severity: 'error',
      comment: 'Hosts reach the core through its public entry and the contract, never its handlers or store.',
      from: { path: '^src/main/(hosts|electron)/' },
      to: { path: '^src/main/core/', pathNot: '^src/main/core/index\\.ts$' },
    },
    {
      name: 'renderer-only-shared',
      severity: 'error',
      comment: 'The window talks to the main side only through its transport and the shared contract.',
      from: { path: '^src/renderer/' },
      to: { path: '^src/', pathNot: '^src/(renderer|shared)/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'The contract is imported by every side, so it imports none of them.',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'store-below-everything',
      severity: 'error',
      comment: 'The data layer is the bottom of the core: it serves handlers, use cases and the queue, never the reverse.',
      from: { path: '^src/main/core/store/' },
      to: { path: '^src/main/core/(handlers|usecases|queue|bridge|export|library|service)/' },
    },
    {
      name: 'handlers-only-from-the-composition-root',
      severity: 'error',
      comment: 'Handlers are reached through the dispatcher; nothing else calls into them.',
      from: { path: '^src/main/core/', pathNot: '^src/main/core/(core|handlers/.*)\\.ts$' },
      to: { path: '^src/main/core/handlers/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
