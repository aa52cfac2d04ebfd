// Jest runs the three test tiers as three projects (`npm test` picks them with --selectProjects):
//   unit         *.spec.ts beside the code, no infrastructure
//   lighthouse   web/lighthouse/*.lighthouse.ts: Lighthouse against the built web app alone
//   integration  *.int-spec.ts against real PostgreSQL, Redis and Kafka (scripts/jest/infrastructure.mjs)
//   stack        *.stack-spec.ts: the gateway with the five services and the provider sandbox in
//                one process, on the same infrastructure (testing/stack: a workspace of its own, so
//                the gateway depends on packages only)
//   faults       *.fault-spec.ts: slow fault tests (proxies cut, processes killed) on the same infrastructure
//   e2e          web/e2e/*.e2e.ts and infra/*/e2e/*.e2e.ts in Debian's Chromium
//   images       infra/images/*.images.ts: every image built, the product run from them (podman)
// Tests run from their TypeScript source through @swc/jest as ES modules (Node needs
// --experimental-vm-modules); what they import from another workspace is that workspace's dist/,
// as at run time, so `npm run build` comes first.

/** swc as tsc compiles this repository: legacy decorators with their metadata, which Nest needs. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const WORKSPACES = ['packages/*', 'services/*', 'gateway', 'infra/*', 'web', 'testing/stack'];

/** @type {import('jest').Config} */
const common = {
  rootDir: import.meta.dirname,
  roots: [
    '<rootDir>/packages',
    '<rootDir>/services',
    '<rootDir>/gateway',
    '<rootDir>/infra',
    '<rootDir>/web',
    '<rootDir>/testing/stack',
  ],
  testEnvironment: 'node',
  transform: { '\\.tsx?$': swc },
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  resolver: '<rootDir>/scripts/jest/resolver.cjs',
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.state/', '<rootDir>/.tools/', '<rootDir>/web/dist/'],
  // 120 s, as the node:test runner had it: integration and e2e tests wait for real services
  testTimeout: 120_000,
};

/** @type {import('jest').Config} */
export default {
  testTimeout: common.testTimeout,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: WORKSPACES.map((workspace) => `<rootDir>/${workspace}/src/**/*.spec.ts`),
    },
    {
      ...common,
      displayName: 'lighthouse',
      testMatch: ['<rootDir>/web/lighthouse/*.lighthouse.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: WORKSPACES.map((workspace) => `<rootDir>/${workspace}/src/**/*.int-spec.ts`),
      globalSetup: '<rootDir>/scripts/jest/integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest/integration-teardown.mjs',
    },
    {
      ...common,
      displayName: 'stack',
      testMatch: WORKSPACES.map((workspace) => `<rootDir>/${workspace}/src/**/*.stack-spec.ts`),
      globalSetup: '<rootDir>/scripts/jest/integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest/integration-teardown.mjs',
    },
    {
      ...common,
      displayName: 'faults',
      testMatch: WORKSPACES.map((workspace) => `<rootDir>/${workspace}/src/**/*.fault-spec.ts`),
      globalSetup: '<rootDir>/scripts/jest/integration-setup.mjs',
      globalTeardown: '<rootDir>/scripts/jest/integration-teardown.mjs',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/*.e2e.ts', '<rootDir>/infra/*/e2e/*.e2e.ts'],
      testEnvironment: '<rootDir>/scripts/jest/e2e-environment.mjs',
    },
    {
      ...common,
      displayName: 'images',
      testMatch: ['<rootDir>/infra/images/*.images.ts'],
      // Builds take minutes on two cores.
      testTimeout: 1_200_000,
    },
  ],
};
