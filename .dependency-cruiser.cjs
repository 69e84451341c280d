/**
 * The architecture's dependency rules (docs/ARCHITECTURE.md), checked on every CI run:
 * - no two modules (the folders of src/) depend on each other, even through others;
 * - every module has one shape: its files sit in domain/, application/, infrastructure/ and http/,
 *   beside its index.ts and its Nest module files (<name>.module.ts, <name>-http.module.ts);
 * - a module's domain depends on nothing outside itself;
 * - a module's application layer reaches adapters only through its ports and knows no http layer,
 *   its http layer talks to its application layer, never to its infrastructure, and its adapters
 *   know no http layer;
 * - a module reaches another only through its index.ts, which offers its Nest modules, use cases,
 *   ports and domain types, never adapters or entities;
 * - only the media module reaches a file store (files or S3): the others use its port;
 * - the job queue knows no feature module: its users hand it their jobs and failure policy;
 * - the admin and the reader know the server only through contracts/.
 * Shared kernel everyone may use: src/config, src/database, src/common (a domain only its domain/:
 * the DomainError base and the one table of error codes); it knows no feature module.
 * Composition roots build adapters by hand and may reach any module: src/main.ts, src/worker.ts,
 * src/bootstrap.ts and the root modules beside them, and the command-line programs in src/cli/.
 */
/** A file of a module (not of the shared kernel or the command-line programs). */
const MODULE_FILE = '^src/(?!(common|config|database|cli)/)[^/]+/';
/** Where a module's files may be: its layer folders, its index.ts and its Nest module files (with their specs). */
const IN_SHAPE = '^src/[^/]+/(index\\.ts$|[^/]+\\.module(\\.spec)?\\.ts$|(domain|application|infrastructure|http)/)';

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
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Modules (the folders of src/) meet through a port or an event, one way only: a module-level cycle ' +
        '(catalog to delivery and back, even file by file acyclic) ties them into one. Folder scope: ' +
        'every file of a module counts, type imports too.',
      scope: 'folder',
      from: { path: '^src/[^/]+$' },
      to: { path: '^src/[^/]+$', circular: true },
    },
    {
      name: 'module-files-in-layers',
      severity: 'error',
      comment:
        "A module's files sit in its layer folders (domain, application, infrastructure, http), beside its index.ts and " +
        'its Nest module files; the shared kernel (common, config, database) and the command-line programs (cli) keep their own.',
      from: { path: MODULE_FILE, pathNot: IN_SHAPE },
      to: {},
    },
    {
      name: 'module-files-in-layers-imported',
      severity: 'error',
      comment: 'The same rule seen from the importing side, for a misplaced file that itself imports nothing.',
      from: {},
      to: { path: MODULE_FILE, pathNot: IN_SHAPE },
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
      name: 'application-uses-ports-not-adapters',
      severity: 'error',
      comment:
        'Use cases reach the database, files, Redis, images and OCR only through the ports in application/ports, ' +
        'which the module file binds to adapters.',
      from: { path: '^src/[^/]+/application/', pathNot: ['\\.spec\\.ts$'] },
      to: {
        path: [
          '^src/[^/]+/infrastructure/',
          '^node_modules/(typeorm|@nestjs/typeorm|pg|@electric-sql/pglite|ioredis|bullmq|@nestjs/bullmq|sharp|openai|tesseract\\.js)/',
        ],
      },
    },
    {
      name: 'application-knows-no-http',
      severity: 'error',
      comment: 'Use cases return domain results; the http layer calls them and shapes the answers, never the other way round.',
      from: { path: '^src/([^/]+)/application/' },
      to: { path: '^src/[^/]+/http/' },
    },
    {
      name: 'infrastructure-knows-no-http',
      severity: 'error',
      comment: "Adapters implement the application's ports; controllers, DTOs and guards are the http layer's, above them.",
      from: { path: '^src/[^/]+/infrastructure/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/[^/]+/http/' },
    },
    {
      name: 'index-offers-no-internals',
      severity: 'error',
      comment: "A module's index.ts offers its Nest modules, use cases, ports and domain types: its adapters and entities stay inside.",
      from: { path: '^src/[^/]+/index\\.ts$' },
      to: { path: '^src/[^/]+/infrastructure/' },
    },
    {
      name: 'no-reaching-into-other-modules',
      severity: 'error',
      comment: 'Another module is used through its index.ts (its Nest modules and application API), never its internals.',
      from: { path: '^src/([^/]+)/', pathNot: ['\\.spec\\.ts$', '^src/cli/'] },
      to: {
        path: '^src/([^/]+)/',
        pathNot: ['^src/$1/', '^src/(config|database|common)/', '^src/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'only-media-reaches-a-store',
      severity: 'error',
      comment:
        "Stored files (page photos, the portrait, recordings) are the media module's: no other module reaches a store adapter " +
        'or the S3 client, even from a spec; they use the FILE_STORE port from src/media/index.ts. The command-line programs, ' +
        'composition roots, may build a store by hand.',
      from: { path: '^src/', pathNot: ['^src/media/', '^src/cli/'] },
      to: { path: ['^src/media/infrastructure/', '^node_modules/@aws-sdk/client-s3/'] },
    },
    {
      name: 'queue-knows-no-feature',
      severity: 'error',
      comment:
        'The job queue is generic: its users register it with their jobs, handlers and failure policy; it imports only the shared kernel.',
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
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
