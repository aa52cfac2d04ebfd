// The house's import rules, checked by the lint tier of `npm test` (`npm run lint:imports`):
//   web -> gateway over HTTP only (web imports packages only); gateway -> packages only; each
//   service -> packages only (never another service, never the gateway); packages -> packages;
//   provider adapters (messaging's providers/) import no feature; no import cycle anywhere.
// Tests may reach further (the gateway's full-stack specs boot the services): the rules judge the
// code that runs, so test files, testing helpers and builders are left out as sources.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: two files that cannot be understood or changed one without the other. A cycle through an import of types only is erased by the compiler and allowed (web/src/session: the defaults typed by the schema that defaults to them).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Two folders that import each other: one room leaks into the other.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-calls-the-gateway-over-http',
      severity: 'error',
      comment:
        'The web app reaches the product through /api only; it may import the packages (the API contract).',
      from: { path: '^web/src/' },
      to: { path: '^(gateway|services|infra)/' },
    },
    {
      name: 'gateway-imports-packages-only',
      severity: 'error',
      comment: 'The gateway calls the services over HTTP; their contracts are @multimfa/service-contracts.',
      from: { path: '^gateway/src/' },
      to: { path: '^(services|infra|web)/' },
    },
    {
      name: 'a-service-imports-no-other-process',
      severity: 'error',
      comment:
        'A service tells others what happened through events and answers over HTTP; it imports packages only.',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^(gateway|web|infra)/|^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'packages-import-packages-only',
      severity: 'error',
      comment: 'A package serves every process; it knows none of them.',
      from: { path: '^packages/' },
      to: { path: '^(services|gateway|web|infra)/' },
    },
    {
      name: 'bot-client-depends-on-nothing',
      severity: 'error',
      comment:
        '@multimfa/bot-client is published for bots to install: it imports no other workspace (its types are checked against the contract by its tests, not imported). npm packages and Node modules fall outside includeOnly: its own-imports.spec.ts keeps those out.',
      from: { path: '^packages/bot-client/src/' },
      to: { pathNot: '^packages/bot-client/src/' },
    },
    {
      name: 'adapters-import-no-feature',
      severity: 'error',
      comment: 'The provider adapters are the ground floor: features use them, never the other way round.',
      from: { path: '^services/[^/]+/src/providers/' },
      to: { path: '^services/[^/]+/src/', pathNot: '^services/[^/]+/src/providers/' },
    },
  ],
  options: {
    // dist/ too: another workspace is imported by its package name, which resolves to its compiled code.
    includeOnly:
      '^(web/src|gateway/(src|dist)|services/[^/]+/(src|dist)|packages/[^/]+/(src|dist)|infra/provider-sandbox/(src|dist))/',
    exclude: {
      path: '(\\.(spec|int-spec|stack-spec|fault-spec|e2e|images)\\.tsx?$|/testing/|\\.builder\\.ts$|/bench/)',
    },
    // Compiled code is where another workspace ends: its own rules are judged in its sources.
    doNotFollow: { path: '/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    // A workspace package resolves to its source, so an arrow into another workspace shows as such.
    preserveSymlinks: false,
  },
};
