/**
 * The import rules of docs/ARCHITECTURE.md ("Module map"), checked by `npm run check:imports`
 * (part of `npm run check` and of CI). Each rule says why; there are no exceptions listed.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const tests = '(\\.test\\.tsx?$|/test/|/test-helpers\\.ts$|/testShapes\\.ts$)';
/** Modules with a public index (the others are still used file by file). */
const indexed =
  'tiles|areas|weather|orders|downloads|fulfilment|my-data|usage|tile-access|subscriptions|notices|webhooks';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'http-knows-no-module',
      comment:
        'http/ is the HTTP layer every module builds on; the composition root (routes.ts) hands it the routes.',
      severity: 'error',
      from: { path: `${server}http/`, pathNot: tests },
      to: { path: `${server}(modules|demo|db)/` },
    },
    {
      name: 'simulator-is-demo-data',
      comment:
        'simulator/ only generates demo data: production paths get orbital geometry from orbits/, never from the simulator.',
      severity: 'error',
      from: {
        path: `${server}`,
        pathNot: [`${server}modules/simulator/`, `${server}demo/`, `${server}cli\\.ts$`, tests],
      },
      to: { path: `${server}modules/simulator/` },
    },
    {
      name: 'modules-through-their-index',
      comment:
        'A module with a public index.ts is used through it only: its other files are its own business.',
      severity: 'error',
      from: { path: server, pathNot: [`${server}modules/(${indexed})/`, tests] },
      to: { path: `${server}modules/(${indexed})/`, pathNot: `${server}modules/(${indexed})/index\\.ts$` },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by server and browser: it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'Server and browser share only the contract package.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'map-knows-no-feature',
      comment: 'map/ (the only folder that imports ol) serves every feature and knows none of them.',
      severity: 'error',
      from: { path: `${web}map/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'map-core-without-react',
      comment:
        'map/ outside map/react/ is the OpenLayers engine: React glue lives in map/react/, app services above it.',
      severity: 'error',
      from: { path: `${web}map/`, pathNot: `${web}map/react/` },
      to: { path: [`${web}map/react/`, `${web}(shared|api|i18n)/`, 'node_modules/react(-dom)?/'] },
    },
    {
      name: 'workspace-only-from-app',
      comment:
        'The workspace shell composes the features; a feature importing it would make a cycle of folders.',
      severity: 'error',
      from: { path: web, pathNot: [`${web}(app|features/workspace)/`] },
      to: { path: `${web}features/workspace/` },
    },
    {
      name: 'shared-knows-no-feature',
      comment:
        'shared/ pieces are used by features; a feature inside them would make every user depend on it.',
      severity: 'error',
      from: { path: `${web}shared/` },
      to: { path: `${web}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/fixtures/|/schemas/)' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
