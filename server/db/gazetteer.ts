import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../audit';
import { seedEditions } from './schema';

/**
 * Cambodia's administrative divisions as the seed loads them: server/db/seedData/gazetteer.tsv,
 * derived from the `pumi` data by scripts/gazetteer/derive.ts (docs/gazetteer.md). One line per
 * place, `code<TAB>kh<TAB>latin`; a place's parent is its code without the last two digits.
 * From source the file sits in seedData/; in the bundle scripts/build-server.mjs copies it there too.
 */
export const gazetteerFile = fileURLToPath(new URL('./seedData/gazetteer.tsv', import.meta.url));

export type TGazetteerPlace = { code: string; kh: string; en: string };
export type TGazetteer = { edition: string; places: TGazetteerPlace[] };

export const readGazetteer = (file: string = gazetteerFile): TGazetteer => {
  const text = readFileSync(file, 'utf8');
  const places = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [code, kh, latin] = line.split('\t');
      // The source lacks a Latin name for a handful of places: the Khmer one stands in for it.
      return { code, kh, en: latin || kh };
    });
  return { edition: createHash('sha256').update(text).digest('hex').slice(0, 16), places };
};

/** Each level below the provinces: its table, its parent's table and the column naming the parent. */
const levels = [
  { codeLength: 4, table: 'districts', parentTable: 'provinces', parentColumn: 'province_id' },
  { codeLength: 6, table: 'communes', parentTable: 'districts', parentColumn: 'district_id' },
  { codeLength: 8, table: 'villages', parentTable: 'communes', parentColumn: 'commune_id' },
] as const;

const editionName = 'gazetteer';

/**
 * Loads an edition of the gazetteer when the database does not hold it yet (the first start, or
 * a start after the data file changed); otherwise does nothing, so an administrator's edits stay.
 * One statement per level: a place whose code exists gets the edition's name (its id, version bump
 * aside, and every record pointing at it unchanged), a new code is added under its parent. Nothing
 * is deleted: places the edition lacks (an administrator's, the old sample's) stay, since records
 * may refer to them. Provinces come from seedData/provinces.ts (their conventional English names);
 * a place whose parent code is missing is skipped. Answers whether the edition was applied.
 */
export const seedGazetteer = async (
  db: TDbOrTx,
  gazetteer: TGazetteer = readGazetteer(),
): Promise<boolean> => {
  const [applied] = await db
    .select({ edition: seedEditions.edition })
    .from(seedEditions)
    .where(eq(seedEditions.name, editionName));
  if (applied?.edition === gazetteer.edition) return false;
  for (const level of levels) {
    const places = gazetteer.places.filter((place) => place.code.length === level.codeLength);
    if (places.length === 0) continue;
    const table = sql.identifier(level.table);
    await db.execute(sql`
      insert into ${table} (code, name, ${sql.identifier(level.parentColumn)})
      select place.code, jsonb_build_object('kh', place.kh, 'en', place.en), parent.id
      from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as place(code text, kh text, en text)
      join ${sql.identifier(level.parentTable)} parent on parent.code = left(place.code, ${level.codeLength - 2})
      on conflict (code) do update
        set name = excluded.name, version = ${table}.version + 1, updated_at = now()
        where ${table}.name is distinct from excluded.name`);
  }
  await db
    .insert(seedEditions)
    .values({ name: editionName, edition: gazetteer.edition })
    .onConflictDoUpdate({
      target: seedEditions.name,
      set: { edition: gazetteer.edition, appliedAt: new Date() },
    });
  return true;
};
