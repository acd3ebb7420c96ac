import { and, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { duplicateLimit, type TDuplicateMatch } from '../../src/domain/duplicates';
import { cellDay, cellList, cellNumber, cellText, matchKey } from '../../src/domain/importCells';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TFieldDef } from '../../src/domain/resource';
import { ruleMessage } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { duplicateThreshold, findDuplicatesMany } from '../duplicates/findDuplicates';
import { ApiError } from '../errors';
import { translators } from '../plugins/locale';
import { officeCondition } from '../resources/officeScope';
import { recordWrites } from '../resources/recordWrites';
import type { TWriteContext } from '../resources/writeContext';
import { batchSession } from '../resources/writeSession';
import {
  columnHeader,
  importColumns,
  importSources,
  loadSource,
  matchInSource,
  type TImportBinding,
  type TSourceIndex,
} from './importBinding';
import type { TCheckedRow, TRowError } from './importRuns';
import { optionWords as listWords, yesNoWords } from './importWorkbooks';
import { formulaWithoutValue, storedCell, type TCell, type TDataSheet } from './readWorkbook';

type TCheckOptions = {
  db: TDbOrTx;
  actor: TAuthUser;
  now: number;
  locale: TRouteLocale;
};

/** Words of yes and no in either language (a boolean column). */
const yesWords = new Set(['yes', 'y', 'true', '1', 'x', '✓', 'បាទ', 'ចាស', 'បាទ/ចាស', 'មែន', 'ពិត']);
const noWords = new Set(['no', 'n', 'false', '0', 'ទេ', 'មិនមែន', 'មិន']);

/** What the identity fields of a record (or a row) say, as one comparable key. */
export const identityKey = (fields: readonly string[], record: Record<string, unknown>): string =>
  fields
    .map((field) => {
      const value = record[field];
      return value === null || value === undefined ? '' : matchKey(String(value));
    })
    .join('\u0001');

/** Two values of a field the same for a person (null, absent and '' alike; ids in any order). */
const sameValue = (a: unknown, b: unknown): boolean => {
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    const sorted = (value: unknown) =>
      JSON.stringify([...(Array.isArray(value) ? value : [])].map(Number).sort((x, y) => x - y));
    return sorted(a) === sorted(b);
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
};

/** The field key a hook's message starts with (`dateOfBirth must be...`), when it is a column's. */
const columnOfMessage = (message: string, keys: ReadonlySet<string>): string | null => {
  const first = /^[A-Za-z0-9]+/.exec(message)?.[0];
  return first && keys.has(first) ? first : null;
};

/**
 * A rule's message in the clerk's words (issue 35): every field key it names (`givenNameKh`,
 * `headOfficeId`, wherever it stands) replaced by its column's header.
 */
const inClerkWords = (message: string, keys: ReadonlySet<string>, labelOfKey: (key: string) => string) =>
  // A one-word key inside a sentence (`sex`, `notes`) may be the word itself: only the first word,
  // and keys no sentence has (`givenNameKh`), are taken for fields.
  message.replace(/\b[a-z][A-Za-z0-9]*\b/g, (word, at: number) =>
    keys.has(word) && (at === 0 || /[A-Z0-9]/.test(word)) ? labelOfKey(word) : word,
  );

/** A message for every way a hook refuses a record (its field messages, else its own). */
const hookMessages = (error: unknown, t: TranslationFunctions): string[] => {
  if (!(error instanceof ApiError)) throw error;
  if (error.errors?.length) return error.errors.map((render) => render(t));
  return [(t.server[error.messageKey] as (params: Record<string, unknown>) => string)(error.params)];
};

const dayNumber = (value: unknown): number | null => {
  const day =
    typeof value === 'string'
      ? value.slice(0, 10)
      : value instanceof Date
        ? value.toISOString().slice(0, 10)
        : '';
  const time = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(time) ? null : Math.round(time / 86_400_000);
};

/** Is there a number within `reach` of `value` in the ascending `sorted`? */
const anyWithin = (sorted: readonly number[], value: number, reach: number) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value - reach) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low] <= value + reach;
};

/**
 * Which new rows may be a duplicate at all, by the duplicate engine's contract (the sex agrees; the
 * date of birth is the same, or within a year when either date is estimated), from the kept
 * records' sex and dates in one query: the engine is asked about those rows only (a workbook of
 * 10,000 new children asks it about the few born on a kept child's day). A row without a date or a
 * sex is always asked.
 */
const duplicateScreen = async (
  imported: TImportBinding,
  db: TDbOrTx,
  scope: SQL | undefined,
): Promise<(body: Record<string, unknown>) => boolean> => {
  const fields = imported.duplicateScreen;
  if (!fields) return () => true;
  const columns = getTableColumns(imported.binding.table) as Record<string, PgColumn>;
  const kept = await db
    .select({
      sex: columns[fields.sex],
      day: columns[fields.dateOfBirth],
      estimated: columns[fields.estimated],
    })
    .from(imported.binding.table)
    .where(scope);
  const yearAndADay = 367;
  const exact = new Set<string>();
  const all = new Map<string, number[]>();
  const estimated = new Map<string, number[]>();
  for (const record of kept) {
    const day = dayNumber(record.day);
    const sex = String(record.sex ?? '');
    // A kept record without a date or a sex: the screen cannot rule it out.
    if (day === null || sex === '') return () => true;
    exact.add(`${sex}|${day}`);
    const days = all.get(sex) ?? [];
    if (days.length === 0) all.set(sex, days);
    days.push(day);
    if (record.estimated) {
      const guessed = estimated.get(sex) ?? [];
      if (guessed.length === 0) estimated.set(sex, guessed);
      guessed.push(day);
    }
  }
  for (const days of [...all.values(), ...estimated.values()]) days.sort((a, b) => a - b);
  return (body) => {
    const day = dayNumber(body[fields.dateOfBirth]);
    const sex = typeof body[fields.sex] === 'string' ? String(body[fields.sex]) : '';
    if (day === null || sex === '') return true;
    if (exact.has(`${sex}|${day}`)) return true;
    const near = body[fields.estimated] === true ? all.get(sex) : estimated.get(sex);
    return near ? anyWithin(near, day, yearAndADay) : false;
  };
};

/**
 * A kept record of a row's very identity, as the duplicate engine answers a match (when the engine,
 * scoring on its own fields, left it out): alike in every identity field.
 */
const exactMatch = (
  imported: TImportBinding,
  record: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): TDuplicateMatch => {
  const joined = (script: 'Kh' | 'En') =>
    imported.identity
      .filter((field) => field.endsWith(script) && record[field])
      .map((field) => String(record[field]))
      .join(' ') || null;
  const birth = imported.identity.find((field) => /dateOfBirth$/i.test(field));
  return {
    id: Number(record.id),
    code: String(record.code),
    score: 1,
    reasons: ['sameDateOfBirth', 'similarNameKh', 'similarNameEn'],
    nameKh: joined('Kh'),
    nameEn: joined('En'),
    dateOfBirth: birth && record[birth] ? String(record[birth]) : null,
    status: String(before?.status ?? ''),
  };
};

/**
 * The dry run of a workbook's rows (issue 25, DESIGN.md section 8): each row made into the body a
 * form would send (cells converted by the field's kind; places and reference values matched by code
 * or by name in either script), checked by the resource's zod schema, the user's office, then the
 * same parent, consistency and guard hooks as a create or an update. Each valid row gets its place
 * in the plan (issue 35): a row with a code names the record to change (`update`, `unchanged`); a
 * row without one never changes a record: equal in every column to a kept record of its identity
 * it is `unchanged`, like a kept record (the duplicate engine) or an earlier row it is a
 * `duplicate`, else `create`. Writes nothing.
 */
export const checkRows = async (
  imported: TImportBinding,
  sheet: TDataSheet,
  { db, actor, now, locale }: TCheckOptions,
): Promise<{ rows: TCheckedRow[]; errors: TRowError[] }> => {
  const { binding } = imported;
  const { definition, table } = binding;
  const writes = recordWrites(binding);
  const fields = importColumns(imported);
  const fieldByKey = new Map(fields.map((field) => [field.key, field]));
  const keys = new Set(fields.map((field) => field.key));
  const t = translators[locale];
  /** What is worked out once per column and value, not per row (a translator's words are proxies, slow to reach). */
  const once = <T>(kept: Map<string, T>, key: string, make: () => T): T => {
    if (!kept.has(key)) kept.set(key, make());
    return kept.get(key) as T;
  };
  const labels = new Map<string, string>();
  // A column is named as its header reads in the workbook (issue 35); one the sheet lacks, as the
  // template heads it in the user's language.
  const sheetHeaders = new Map<string, string>();
  sheet.fields.forEach((key, index) => {
    const header = sheet.headers[index]?.trim();
    if (key && header && !sheetHeaders.has(key)) sheetHeaders.set(key, header);
  });
  const labelOf = (field: TFieldDef) =>
    once(labels, field.key, () => sheetHeaders.get(field.key) ?? columnHeader(fields, field, t));
  const labelOfKey = (key: string) => {
    const field = fieldByKey.get(key);
    return field ? labelOf(field) : key;
  };
  /** An error with its column's key (the errors workbook's cell) and header (the clerk's word). */
  const errorOf = (row: number, column: string | null, message: string): TRowError => ({
    row,
    column,
    header: column ? labelOfKey(column) : null,
    message,
  });
  const optionWords = new Map<string, string[]>();
  /**
   * An option's words in both languages, and both together as the template's list offers them
   * (`ស្រី / Female`): a select column takes its value or any of them.
   */
  const optionLabels = (field: TFieldDef, value: string): string[] =>
    once(optionWords, `${field.key}\u0000${value}`, () => {
      const { kh, en, both } = listWords(field, value);
      return [kh, en, both];
    });
  const listYesNo = yesNoWords();
  const listNames = new Map<string, string>();

  // The lists the reference columns name, each loaded once.
  const indexes = new Map<string, TSourceIndex>();
  for (const sourceKey of new Set(Object.values(imported.references))) {
    const source = importSources.find((candidate) => candidate.key === sourceKey);
    if (!source) throw new Error(`${imported.name}: no import source ${sourceKey}`);
    indexes.set(sourceKey, await loadSource(db, source));
  }
  /** The column of the level above a reference column (a village's commune), if the row has one. */
  const parentField = (field: string): string | undefined => {
    const parent = indexes.get(imported.references[field])?.source.parent?.source;
    return parent
      ? Object.keys(imported.references).find((key) => imported.references[key] === parent)
      : undefined;
  };

  // The records this user keeps: by code, and by identity.
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  // A merged record (issue 35) is no record to name or to equal: it lives on in the kept one.
  const scope = and(
    officeCondition(writes.officeColumn, actor),
    columns.mergedIntoId ? isNull(columns.mergedIntoId) : undefined,
  );
  const kept = await db
    .select({
      id: columns.id,
      code: columns.code,
      version: columns.version,
      ...Object.fromEntries(imported.identity.map((field) => [field, columns[field]])),
    })
    .from(table)
    .where(scope);
  const byCode = new Map(kept.map((record) => [matchKey(String(record.code)), record]));
  /** Kept records by identity (two may share one: a duplicate created on purpose). */
  const byIdentity = new Map<string, (typeof kept)[number][]>();
  for (const record of kept) {
    const key = identityKey(imported.identity, record);
    byIdentity.set(key, [...(byIdentity.get(key) ?? []), record]);
  }
  const rowOfIdentity = new Map<string, number>();

  /** A row past the checks made in memory, waiting for the rules that read the database. */
  type TJudged = {
    checked: TCheckedRow;
    fail: (column: string | null, message: string) => void;
    body: Record<string, unknown>;
    /** The record the row names by its code. */
    target?: (typeof kept)[number];
    identity: string;
    /** No code: the kept records of the same identity, and the earlier row of it. */
    sameRecords: (typeof kept)[number][];
    sameAsRow?: number;
    /** The fields the sheet has columns for. */
    sheetKeys: string[];
  };
  const checkedRows: { checked: TCheckedRow; rowErrors: TRowError[] }[] = [];
  const judged: TJudged[] = [];
  for (const { row, cells } of sheet.rows) {
    const rowErrors: TRowError[] = [];
    const fail = (column: string | null, message: string) => rowErrors.push(errorOf(row, column, message));
    const checked: TCheckedRow = { row, cells: cells.map(storedCell), outcome: 'error' };

    // The record the row names by its code (within the user's office: others do not exist for them).
    const codeColumn = sheet.fields.indexOf('code');
    const code = codeColumn >= 0 ? cellText(cells[codeColumn]) : '';
    const target = code ? byCode.get(matchKey(code)) : undefined;
    if (code && !target) fail('code', t.server.upload.unknownCode({ label: labelOfKey('code'), code }));
    const updating = Boolean(code);

    // The cells as a form's body.
    const body: Record<string, unknown> = {};
    const pending: { field: TFieldDef; cell: TCell }[] = [];
    sheet.fields.forEach((key, index) => {
      const field = key ? fieldByKey.get(key) : undefined;
      if (field && field.key !== 'code') pending.push({ field, cell: cells[index] ?? null });
    });
    // Places from the top level down: a village's name is looked for in the commune already matched.
    const level = (field: TFieldDef) => {
      let depth = 0;
      for (let above = parentField(field.key); above; above = parentField(above)) depth += 1;
      return depth;
    };
    pending.sort((a, b) => level(a.field) - level(b.field));
    for (const { field, cell } of pending) {
      const label = labelOf(field);
      if (cell === formulaWithoutValue) {
        fail(field.key, t.server.upload.formulaWithoutValue({ label }));
        continue;
      }
      const text = cellText(cell);
      if (text === '') {
        if (field.defaultValue !== undefined) body[field.key] = field.defaultValue;
        else if (field.kind === 'multiLookup') body[field.key] = [];
        else if (updating) body[field.key] = null;
        continue;
      }
      const sourceKey = imported.references[field.key];
      const index = sourceKey ? indexes.get(sourceKey) : undefined;
      const listName = once(listNames, field.key, () => index?.source.title(t, locale) ?? '');
      const match = (value: string): number | undefined => {
        if (!index) return undefined;
        const above = parentField(field.key);
        const parentId = above && typeof body[above] === 'number' ? (body[above] as number) : undefined;
        const found = matchInSource(index, value, parentId);
        if ('id' in found) return found.id;
        fail(field.key, t.server.upload[found.error]({ label, value, list: listName }));
        return undefined;
      };
      switch (field.kind) {
        case 'date': {
          const day = cellDay(cell);
          if (day) body[field.key] = day;
          else fail(field.key, t.server.upload.notADate({ label, value: text }));
          break;
        }
        case 'number': {
          const number = cellNumber(cell);
          if (number !== null) body[field.key] = number;
          else fail(field.key, t.server.upload.notANumber({ label, value: text }));
          break;
        }
        case 'boolean': {
          const word = typeof cell === 'boolean' ? String(cell) : matchKey(text);
          if (
            yesWords.has(word) ||
            word === matchKey(t.server.upload.yes()) ||
            word === matchKey(listYesNo.yes)
          )
            body[field.key] = true;
          else if (
            noWords.has(word) ||
            word === matchKey(t.server.upload.no()) ||
            word === matchKey(listYesNo.no)
          )
            body[field.key] = false;
          else fail(field.key, t.server.upload.notABoolean({ label, value: text }));
          break;
        }
        case 'select': {
          const options = field.options ?? [];
          const wanted = matchKey(text);
          const option = options.find((value) =>
            [value, ...optionLabels(field, value)].some((word) => matchKey(word) === wanted),
          );
          if (option) body[field.key] = option;
          else
            fail(
              field.key,
              t.server.upload.notAnOption({
                label,
                value: text,
                options: options
                  .map((value) => optionLabels(field, value)[locale === 'kh' ? 0 : 1])
                  .join(', '),
              }),
            );
          break;
        }
        case 'lookup': {
          const id = match(text);
          if (id !== undefined) body[field.key] = id;
          break;
        }
        case 'multiLookup': {
          const ids = cellList(cell).map(match);
          if (ids.every((id) => id !== undefined)) body[field.key] = [...new Set(ids)];
          break;
        }
        default:
          body[field.key] = text;
      }
    }

    // Without a code a row never names a record (issue 35): the same identity as a kept record (or
    // an earlier row) makes it `unchanged` when equal in every column, else a `duplicate`.
    const identity = identityKey(imported.identity, body);
    const sheetKeys = pending.map(({ field }) => field.key);
    let sameRecords: (typeof kept)[number][] = [];
    let sameAsRow: number | undefined;
    if (rowErrors.length === 0 && !code) {
      sameAsRow = rowOfIdentity.get(identity);
      if (sameAsRow === undefined) rowOfIdentity.set(identity, row);
      sameRecords = byIdentity.get(identity) ?? [];
    }
    // A new record takes the form's defaults for the columns the sheet does not have.
    if (!target)
      for (const field of fields)
        if (!(field.key in body) && field.key !== 'code') {
          if (field.defaultValue !== undefined) body[field.key] = field.defaultValue;
          else if (field.kind === 'multiLookup') body[field.key] = [];
        }

    // The row as the resource's schema sees it: all of it for a new record, what it has for a change.
    if (rowErrors.length === 0) {
      const schema = target ? definition.schema.partial() : definition.schema;
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          const field = fieldByKey.get(key);
          const value = body[key];
          fail(
            field ? key : null,
            ruleMessage(
              issue as Parameters<typeof ruleMessage>[0],
              field ? labelOf(field) : key,
              t.validation,
              value === undefined || value === null,
            ),
          );
        }
      }
    }
    // A provincial user's row for another office is refused, the row alone.
    const officeField = definition.officeScope;
    if (
      rowErrors.length === 0 &&
      officeField &&
      actor.officeScope !== null &&
      body[officeField] !== undefined &&
      body[officeField] !== null &&
      body[officeField] !== actor.officeScope
    )
      fail(officeField, t.server.otherOffice({ field: labelOfKey(officeField) }));

    checkedRows.push({ checked, rowErrors });
    if (rowErrors.length === 0)
      judged.push({ checked, fail, body, target, identity, sameRecords, sameAsRow, sheetKeys });
  }

  // The same rules as the form's save, on each record as it would be saved: the records named
  // read in one query, the rules of all rows run together through one batch session (their reads
  // of places and lists are one query per column for the whole workbook).
  const befores = new Map(
    (
      await writes.findRows(
        db,
        [
          ...new Set(
            judged.flatMap(({ target, sameRecords }) =>
              target ? [Number(target.id)] : sameRecords.map((record) => Number(record.id)),
            ),
          ),
        ],
        actor,
      )
    ).map((record) => [Number(record.id), record]),
  );
  // A row without a code equal in every column to a kept record of its identity: nothing to do.
  for (const entry of judged) {
    if (entry.target) continue;
    const equal = entry.sameRecords.find((record) => {
      const before = befores.get(Number(record.id));
      return before && entry.sheetKeys.every((key) => sameValue(entry.body[key], before[key]));
    });
    const before = equal ? befores.get(Number(equal.id)) : undefined;
    if (equal && before) {
      entry.checked.outcome = 'unchanged';
      entry.checked.target = {
        id: Number(equal.id),
        code: String(equal.code),
        version: Number(before.version),
      };
    }
  }
  const session = batchSession(db);
  const fresh: TJudged[] = [];
  await Promise.all(
    judged.map(async (entry) => {
      const { checked, fail, body, target, identity } = entry;
      if (checked.outcome === 'unchanged') return;
      const before = target ? befores.get(Number(target.id)) : undefined;
      const changes = before
        ? Object.fromEntries(Object.entries(body).filter(([key, value]) => !sameValue(value, before[key])))
        : body;
      const context: TWriteContext = {
        db,
        mode: before ? 'update' : 'create',
        actor,
        before,
        body: changes,
        now,
        t,
        session,
      };
      let refused = false;
      try {
        // Ids matched in the sources exist by construction: only the others are looked up.
        await writes.checkParents(
          db,
          Object.fromEntries(Object.entries(changes).filter(([key]) => !(key in imported.references))),
          session,
        );
        await binding.consistency?.(db, before ? { ...before, ...changes } : changes, session);
        if (!before || Object.keys(changes).length > 0) await binding.guard?.(context);
      } catch (error) {
        refused = true;
        // A rule's message names fields by key (`dateOfBirth …`, as the API answers it): the row's
        // error names each column as its header reads in the workbook.
        for (const message of hookMessages(error, t))
          fail(columnOfMessage(message, keys), inClerkWords(message, keys, labelOfKey));
      }
      if (refused) return;
      if (before && target) {
        checked.target = {
          id: Number(target.id),
          code: String(target.code),
          version: Number(before.version),
        };
        checked.outcome = Object.keys(changes).length > 0 ? 'update' : 'unchanged';
        if (checked.outcome === 'update') checked.body = changes;
      } else {
        checked.outcome = 'create';
        checked.body = body;
        checked.identity = identity;
        const officeField = definition.officeScope;
        checked.officeId =
          officeField && typeof body[officeField] === 'number' ? (body[officeField] as number) : null;
        fresh.push(entry);
      }
    }),
  );
  // New rows like a kept record (the duplicate engine, at the settings' threshold) or an earlier
  // row: `duplicate`, skipped at the commit unless it names them (issue 35).
  const threshold = await duplicateThreshold(db);
  const mayBeDuplicate = await duplicateScreen(imported, db, scope);
  // The rows the screen lets through, asked of the engine together (one query per chunk of rows).
  const asked = fresh.filter(({ body }) => mayBeDuplicate(body));
  const answers = await findDuplicatesMany(
    db,
    imported.duplicateKind,
    asked.map(({ body }) => body),
    { actor, limit: duplicateLimit },
  );
  const foundOf = new Map(asked.map((entry, index) => [entry, answers[index]]));
  for (const entry of fresh) {
    const { checked, sameRecords, sameAsRow } = entry;
    const found = foundOf.get(entry) ?? [];
    const likely = found.filter((match) => match.score >= threshold);
    // A kept record of the very same identity is a duplicate whatever the engine scores it.
    for (const record of sameRecords)
      if (!likely.some((match) => match.id === Number(record.id)))
        likely.push(
          found.find((match) => match.id === Number(record.id)) ??
            exactMatch(imported, record, befores.get(Number(record.id))),
        );
    if (likely.length === 0 && sameAsRow === undefined) continue;
    checked.outcome = 'duplicate';
    if (likely.length > 0) checked.duplicates = likely.sort((a, b) => b.score - a.score);
    if (sameAsRow !== undefined) checked.sameAsRow = sameAsRow;
  }
  const rows = checkedRows.map(({ checked }) => checked);
  const errors = checkedRows.flatMap(({ rowErrors }) => rowErrors);
  return { rows, errors };
};
