/**
 * Once per Vitest run and engine (vitest.config.ts): migrates the template that every test
 * file's databases are copied from (test-db.ts), instead of each file migrating its own, and
 * removes it when the run ends. Test files find it through the environment their workers inherit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPgDatabase, makePgliteTemplate, makePgTemplate } from './test-db.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB_ENGINE === 'postgres') {
    const name = await makePgTemplate();
    process.env.TEST_PG_TEMPLATE = name;
    return () => dropPgDatabase(name);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'slotted-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await makePgliteTemplate()).arrayBuffer()));
  process.env.TEST_PGLITE_TEMPLATE = file;
  return () => rm(dir, { recursive: true, force: true });
}
