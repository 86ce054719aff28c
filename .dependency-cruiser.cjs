// Boundaries that a tool checks (issue 11). `npm run lint:deps` (scripts/check-boundaries.mjs) cruises
// the server and the web app with these rules, then also checks cycles between server modules, which
// dependency-cruiser's own `circular` (file by file) cannot see.

const path = require('node:path');

const MODULES = '^apps/server/src/modules/';
/** Test code may reach into other modules' tables to arrange and inspect its data; shipped code may not. */
const SERVER_TESTS = '\\.(test|pg-test|test-support)\\.ts$';

/** Another module's tables: `modules/<Y>/*.tables.ts` with Y not the importer's module ($1). */
const otherModulesTables = () => ({
  path: `${MODULES}[^/]+/[^/]+\\.tables\\.ts$`,
  pathNot: [`${MODULES}$1/`],
});

const TABLES_COMMENT =
  "A server module reads and writes only its own tables (modules/<X>/*.tables.ts). To read or change another module's data, call a function that module exports (its service or repo). Only db/schema.ts lists every table.";

const tablesRules = [
  {
    name: 'no-other-module-tables',
    severity: 'error',
    comment: TABLES_COMMENT,
    from: {
      path: `${MODULES}([^/]+)/`,
      pathNot: SERVER_TESTS,
    },
    to: otherModulesTables(),
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tablesRules,
    {
      name: 'no-db-schema-in-modules',
      severity: 'error',
      comment:
        "db/schema.ts re-exports every module's tables for Drizzle; a module importing it would reach other modules' tables around no-other-module-tables.",
      from: { path: MODULES, pathNot: SERVER_TESTS },
      to: { path: '^apps/server/src/db/schema\\.ts$' },
    },
    {
      name: 'ledger-imports-no-module',
      severity: 'error',
      comment:
        'The ledger is the bottom of the server: every module may post to it, it imports no other module (modules/ledger/** imports nothing under modules/ outside ledger).',
      from: { path: `${MODULES}ledger/` },
      to: { path: MODULES, pathNot: `${MODULES}ledger/` },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'A web feature (apps/web/src/features/<A>) does not import another feature. Move what both need to apps/web/src/components or apps/web/src/lib; apps/web/src/app composes the features.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment:
        'An import this check cannot follow to a file would hide that file from every rule above. Fix the path (or, for a package, add it to the workspace).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other, directly or through others. Break the cycle: move the shared part to a file both import, or pass a function in from the caller.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    // `import type` counts: a module that needs another's types depends on it as well.
    tsPreCompilationDeps: true,
    // The server imports `./x.js` for `./x.ts` (NodeNext style); this lets those specifiers resolve to
    // the TypeScript files. Neither app uses `paths`, so the server's settings serve the web app too.
    // An absolute name: a relative one makes TypeScript look for its `extends` in the wrong folder.
    tsConfig: { fileName: path.join(__dirname, 'apps/server/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
