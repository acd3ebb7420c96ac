// Derives the committed gazetteer (server/db/seedData/gazetteer.tsv) from the YAML files of the
// `pumi` project (https://github.com/dwilkie/pumi, MIT): one line per place, `code<TAB>kh<TAB>latin`,
// all four levels sorted by code; a place's parent is its code without the last two digits.
//   node_modules/.bin/tsx scripts/gazetteer/derive.ts /work/data/pumi [out-file]
// `yaml` is read from node_modules (a transitive dependency; a devDependency for this script).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [sourceDir, outArg] = process.argv.slice(2);
if (!sourceDir) {
  console.error(
    'Usage: tsx scripts/gazetteer/derive.ts <folder with provinces.yml … villages.yml> [out-file]',
  );
  process.exit(1);
}
const outFile = outArg ?? path.join(root, 'server/db/seedData/gazetteer.tsv');

/** Level file, its top key, and its code length. */
const levels = [
  ['provinces', 2],
  ['districts', 4],
  ['communes', 6],
  ['villages', 8],
] as const;

type TSourcePlace = { name?: { km?: string; latin?: string } };

/** Zero-width characters and runs of spaces would make names that look equal compare unequal. */
const clean = (value: string) =>
  value
    .normalize('NFC')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const lines: string[] = [];
const known = new Set<string>();
const counts: Record<string, number> = {};
for (const [level, codeLength] of levels) {
  const parsed = parse(readFileSync(path.join(sourceDir, `${level}.yml`), 'utf8')) as Record<
    string,
    Record<string, TSourcePlace>
  >;
  const places = parsed[level];
  let count = 0;
  for (const code of Object.keys(places).sort()) {
    const kh = clean(places[code].name?.km ?? '');
    const latin = clean(places[code].name?.latin ?? '');
    if (!new RegExp(`^\\d{${codeLength}}$`).test(code))
      throw new Error(`${level} ${code}: not a ${codeLength}-digit code`);
    if (!kh) throw new Error(`${level} ${code}: the Khmer name is missing`);
    // The source lacks a few Latin names (one village in the 2026 edition): kept with an empty Latin
    // column; the seed shows the Khmer name in English too rather than inventing a romanisation.
    if (!latin) console.warn(`${level} ${code}: no Latin name`);
    if (/[\t\n]/.test(kh + latin)) throw new Error(`${level} ${code}: a name holds a tab or a line break`);
    // An orphan would have no parent to hang from at seeding: leave it out, loudly.
    if (codeLength > 2 && !known.has(code.slice(0, -2))) {
      console.warn(`${level} ${code}: parent ${code.slice(0, -2)} not in the data, left out`);
      continue;
    }
    known.add(code);
    lines.push(`${code}\t${kh}\t${latin}`);
    count += 1;
  }
  counts[level] = count;
}
writeFileSync(outFile, `${lines.join('\n')}\n`);
console.log(`${path.relative(root, outFile)}: ${JSON.stringify(counts)}`);
