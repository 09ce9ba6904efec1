/** The SQL migrations build exactly the tables and columns schema.prisma describes. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { getDatamodel } from '../../src/generated/pothos-types';

const SQLITE_TYPE: Record<string, string> = { String: 'TEXT', Int: 'INTEGER', Float: 'REAL', Boolean: 'BOOLEAN', DateTime: 'DATETIME' };

describe('migrations', () => {
  const db = new Database(':memory:');
  const applied = migrate(db);
  const models = getDatamodel().datamodel.models;

  it('apply once', () => {
    expect(applied.length).toBeGreaterThan(0);
    expect(migrate(db)).toEqual([]);
  });

  it.each(Object.keys(models))('table %s matches the model', (name) => {
    const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string; notnull: number; pk: number }[];
    const scalars = models[name].fields.filter((f) => f.kind === 'scalar');
    expect(columns.map((c) => c.name).sort()).toEqual(scalars.map((f) => f.name).sort());
    for (const f of scalars) {
      const col = columns.find((c) => c.name === f.name)!;
      expect(col.type, `${name}.${f.name}`).toBe(SQLITE_TYPE[f.type]);
      expect(col.notnull === 1 || col.pk > 0, `${name}.${f.name} nullability`).toBe(f.isRequired);
    }
    const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    const model = models[name] as unknown as { primaryKey: { fields: string[] } | null };
    const expectedPk = model.primaryKey?.fields ?? scalars.filter((f) => f.isId).map((f) => f.name);
    expect(pk).toEqual(expectedPk);
  });
});
