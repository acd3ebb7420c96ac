import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { childInfos, communes, districts, headOffices, provinces, villages } from '../../server/db/schema';
import { childBindings } from '../../server/modules/children/childBinding';
import {
  configurationBindings,
  provinceBinding,
} from '../../server/modules/configuration/configurationBindings';
import { roleBindings } from '../../server/modules/security/roleBindings';
import { systemMenuBindings } from '../../server/modules/security/systemMenuBinding';
import { userBindings } from '../../server/modules/security/userBinding';
import type { TResourceBinding } from '../../server/resources/resourceBinding';
import { resourceRoutes } from '../../server/resources/resourceRoutes';
import { createTestApp, type TTestApp } from './testApp';

/**
 * Deleting a place or head office a child still uses (issue 10): the same 409 naming what uses it on
 * PGlite (whose PostgreSQL 18 reports `restrict_violation`, 23001) and on PostgreSQL 15 (23503), and
 * nothing deleted. Every `restrict` foreign key onto a resource's table is counted by its in-use
 * check, so the message always names the records; the database's refusal is only the backstop.
 */

/** The province binding under another address, without its in-use list: only the foreign keys guard it. */
const uncheckedProvinces: TResourceBinding = {
  ...provinceBinding,
  definition: { ...provinceBinding.definition, apiBase: '/unchecked-provinces' },
  children: [],
  lookups: [],
};

let t: TTestApp;
let adminToken: string;
let headOfficeId: number;
beforeAll(async () => {
  t = await createTestApp({}, { extraApiRoutes: [resourceRoutes(uncheckedProvinces)] });
  adminToken = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  headOfficeId = await t.createHeadOffice('HO-IN-USE');
});
afterAll(() => t?.close());

const name = (en: string) => ({ kh: `ឈ្មោះ ${en}`, en });

const remove = (url: string, locale: 'kh' | 'en' = 'en') =>
  t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: { ...t.bearer(adminToken), locale } });

/** A place of its own (nothing else under it), so the child is the only thing that uses it. */
const place = async (table: PgTable, code: string, parent: Record<string, number> = {}) => {
  const [row] = await t.app.db
    .insert(table)
    .values({ code, name: name(code), ...parent } as never)
    .returning();
  return (row as { id: number }).id;
};

const childUsing = async (columns: Partial<typeof childInfos.$inferInsert>) => {
  const [child] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-IN-USE-${Math.random().toString(36).slice(2, 8)}`,
      sex: 'female',
      dateOfBirth: '2020-01-01',
      headOfficeId,
      ...columns,
    })
    .returning({ id: childInfos.id });
  return child.id;
};

const exists = async (table: PgTable & { id: unknown }, id: number) => {
  const rows = await t.app.db
    .select()
    .from(table)
    .where(eq((table as unknown as typeof provinces).id, id));
  return rows.length === 1;
};

describe('deleting what a child still uses', () => {
  const cases = [
    {
      thing: 'province',
      url: '/provinces',
      table: provinces,
      make: async () => {
        const id = await place(provinces, 'P-IN-USE');
        return { id, childColumns: { birthProvinceId: id } };
      },
    },
    {
      thing: 'district',
      url: '/districts',
      table: districts,
      make: async () => {
        const provinceId = await place(provinces, 'P-OF-D');
        const id = await place(districts, 'D-IN-USE', { provinceId });
        return { id, childColumns: { birthDistrictId: id } };
      },
    },
    {
      thing: 'commune',
      url: '/communes',
      table: communes,
      make: async () => {
        const provinceId = await place(provinces, 'P-OF-C');
        const districtId = await place(districts, 'D-OF-C', { provinceId });
        const id = await place(communes, 'C-IN-USE', { districtId });
        return { id, childColumns: { birthCommuneId: id } };
      },
    },
    {
      thing: 'village',
      url: '/villages',
      table: villages,
      make: async () => {
        const provinceId = await place(provinces, 'P-OF-V');
        const districtId = await place(districts, 'D-OF-V', { provinceId });
        const communeId = await place(communes, 'C-OF-V', { districtId });
        const id = await place(villages, 'V-IN-USE', { communeId });
        return { id, childColumns: { birthVillageId: id } };
      },
    },
    {
      thing: 'head office',
      url: '/head-offices',
      table: headOffices,
      make: async () => {
        const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
        const [office] = await t.app.db
          .insert(headOffices)
          .values({ code: 'HO-USED', name: name('Used'), class: 'national', provinceId: province.id })
          .returning({ id: headOffices.id });
        return { id: office.id, childColumns: { headOfficeId: office.id } };
      },
    },
  ];

  for (const { thing, url, table, make } of cases) {
    it(`refuses a ${thing} a child uses with 409 naming the children, in both languages; deletes it once free`, async () => {
      const { id, childColumns } = await make();
      const childId = await childUsing(childColumns);

      const english = await remove(`${url}/${id}`);
      expect(english.statusCode).toBe(409);
      expect(english.json()).toEqual({
        statusCode: 409,
        message: 'It cannot be deleted: still used by Children (1).',
      });
      const khmer = await remove(`${url}/${id}`, 'kh');
      expect(khmer.statusCode).toBe(409);
      expect(khmer.json().message).toContain('កុមារ');
      expect(await exists(table, id)).toBe(true);

      await t.app.db.delete(childInfos).where(eq(childInfos.id, childId));
      expect((await remove(`${url}/${id}`)).statusCode).toBe(200);
      expect(await exists(table, id)).toBe(false);
    });
  }

  it('answers 409 (not 500) when only the foreign key refuses, on either database', async () => {
    const id = await place(provinces, 'P-UNCHECKED');
    await childUsing({ birthProvinceId: id });
    const response = await remove(`/unchecked-provinces/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      message: 'It cannot be deleted: other records still point at it.',
    });
    expect(await exists(provinces, id)).toBe(true);
  });
});

describe('every resource counts what still uses it', () => {
  const bindings = [
    ...configurationBindings,
    ...roleBindings,
    ...userBindings,
    ...systemMenuBindings,
    ...childBindings,
  ];
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

  it('lists every restricting foreign key onto its table among its children', () => {
    const missing: string[] = [];
    for (const binding of bindings) {
      const listed = new Set((binding.children ?? []).map((child) => child.column));
      for (const table of tables) {
        for (const foreignKey of getTableConfig(table).foreignKeys) {
          const reference = foreignKey.reference();
          if (reference.foreignTable !== binding.table) continue;
          if (foreignKey.onDelete === 'cascade' || foreignKey.onDelete === 'set null') continue;
          for (const column of reference.columns) {
            if (!listed.has(column)) {
              missing.push(
                `${getTableConfig(binding.table).name} <- ${getTableConfig(table).name}.${column.name}`,
              );
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
