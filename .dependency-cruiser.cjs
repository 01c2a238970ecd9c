/** The import rules of ARCHITECTURE.md, checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only src/domain (tests may use their test tools).',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'contracts-use-domain-and-zod',
      severity: 'error',
      from: { path: '^src/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/domain/', '^src/contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'platform-knows-no-modules',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'modules-meet-through-index',
      comment:
        'A module imports another module only through its index.ts, or its <area>.tables.ts (the shared data layer, so two modules whose use cases call each other do not form a cycle through their indexes; docs/decisions/0022).',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: [
          '^src/server/modules/$1/',
          '^src/server/modules/[^/]+/index\\.ts$',
          '^src/server/modules/[^/]+/[^/]+\\.tables\\.ts$',
        ],
      },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'admin-and-shop-stay-apart',
      severity: 'error',
      from: { path: '^src/web/admin/' },
      to: { path: '^src/web/shop/' },
    },
    {
      name: 'shop-and-admin-stay-apart',
      severity: 'error',
      from: { path: '^src/web/shop/' },
      to: { path: '^src/web/admin/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.(css)$' },
  },
};
