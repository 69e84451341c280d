/**
 * The catalog's TypeORM entities map the tables the migrations create, column for column: with
 * synchronize off, a mapping that drifted from the schema would only show as wrong data later.
 * TypeORM's own schema diff against a freshly migrated database must therefore be empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { dbTargets, startTestApp, type TestApp } from '../support/test-app.js';

describe.each(dbTargets())('catalog entities on %s', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => t?.close());

  it('match the migrated schema of publications and poems exactly', async () => {
    const db = t.app.get<DataSource>(getDataSourceToken());
    const diff = await db.driver.createSchemaBuilder().log();
    const changes = diff.upQueries.map((q) => q.query).filter((q) => /"?(publications|poems)"?/.test(q));
    expect(changes).toEqual([]);
  });
});
