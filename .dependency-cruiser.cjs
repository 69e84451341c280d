/**
 * The architecture's dependency rules (ARCHITECTURE.md), checked on every CI run:
 * - a module's domain depends on nothing outside itself;
 * - a module's http layer talks to its application layer, never to its infrastructure;
 * - a module reaches another only through its public entry (index.ts or its Nest module);
 * - the job queue knows no feature module: its users hand it their jobs and failure policy;
 * - the admin and the reader know the server only through contracts/.
 * Shared kernel everyone may use: src/config, src/database, src/common (a domain only its domain/:
 * the DomainError base and the one table of error codes).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile (Nest injects by class); type-only cycles are erased.',
      from: { path: '^(src|contracts|admin/src|reader/src)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-depends-on-nothing',
      severity: 'error',
      comment: 'The domain is plain TypeScript: no framework, no database, no other layer or module.',
      from: { path: '^src/([^/]+)/domain/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: ['^src/$1/domain/', '^src/common/domain/', '^node_modules/@types/'], dependencyTypesNot: ['core', 'type-only'] },
    },
    {
      name: 'domain-types-stay-in-module',
      severity: 'error',
      comment: 'Even types: a domain knows only its own module.',
      from: { path: '^src/([^/]+)/domain/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^(src|contracts)/', pathNot: ['^src/$1/domain/', '^src/common/domain/'] },
    },
    {
      name: 'http-uses-application-only',
      severity: 'error',
      comment: 'Controllers call the application layer; adapters stay behind its ports.',
      from: { path: '^src/([^/]+)/http/' },
      to: { path: '^src/$1/infrastructure/' },
    },
    {
      name: 'no-reaching-into-other-modules',
      severity: 'error',
      comment: "Another module is used through its index.ts (its application API) or its Nest module, never its internals.",
      from: { path: '^src/([^/]+)/', pathNot: '\\.spec\\.ts$' },
      to: {
        path: '^src/([^/]+)/',
        pathNot: [
          '^src/$1/',
          '^src/(config|database|common)/',
          '^src/[^/]+/index\\.ts$',
          '^src/[^/]+/[^/]+\\.module\\.ts$',
        ],
      },
    },
    {
      name: 'queue-knows-no-feature',
      severity: 'error',
      comment: 'The job queue is generic: its users register it with their jobs, handlers and failure policy; it imports only the shared kernel.',
      from: { path: '^src/queue/' },
      to: { path: '^(src|contracts)/', pathNot: ['^src/(queue|common|config|database)/'] },
    },
    {
      name: 'clients-know-only-contracts',
      severity: 'error',
      comment: 'The admin and the reader compile against contracts/, never against server code.',
      from: { path: '^(admin|reader)/src/' },
      to: { path: '^src/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'contracts/ is shared by server, admin and reader: it imports none of them.',
      from: { path: '^contracts/' },
      to: { path: '^(src|admin|reader)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'] },
  },
};
