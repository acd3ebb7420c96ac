import { useCallback, useMemo, useState } from 'react';
import { LoadState } from '@/components/feedback/LoadState';
import { failureText } from '@/components/form/failureText';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { summaryRows } from '@/components/record/fieldSummary';
import { useFieldNames } from '@/components/record/useFieldNames';
import { useResourceText } from '@/components/resource/useResourceText';
import { areaByName } from '@/domain/areas';
import type { TDuplicatePair } from '@/domain/duplicates';
import type { TFieldDef, TResourceDefinition } from '@/domain/resource';
import { wordOf } from '@/i18n/wordOf';
import type { TResourceRow } from '@/platform/api/resources';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { RecordLink } from './DuplicateMatchList';
import { fetchRecordForMerge, mergeRecords } from './duplicateApi';
import { mergeChoicesBody, mergeDefaults, type TMergeSide } from './mergeChoices';
import { ReasonDialog } from './ReasonDialog';

const noneNamed = {};

/**
 * Merging a pair (issue 35): both records side by side, which one is kept, and for each field
 * where they differ the value the kept record will have (a radio pair a keyboard walks with the
 * arrows); then the reason and Merge, `POST {apiBase}/merge`. A refusal (an active matching, a kept
 * record) is said in the dialog. Loaded when a merge is started.
 */
const MergeDialog = ({
  definition,
  pair,
  onMerged,
  onClose,
}: {
  definition: TResourceDefinition & { routeBase: string };
  pair: TDuplicatePair;
  onMerged: (message: string) => void;
  onClose: () => void;
}) => {
  const text = useResourceText(definition.name);
  const { LL, labelOf, optionLabel } = text;
  const words = LL.duplicateCheck.merge;
  const locale = useRouteLocale();
  const area = areaByName(definition.name);
  const load = useRemoteData(
    useCallback(
      (signal: AbortSignal) =>
        Promise.all([
          fetchRecordForMerge(definition, pair.a.id, signal),
          fetchRecordForMerge(definition, pair.b.id, signal),
        ]),
      [definition, pair.a.id, pair.b.id],
    ),
  );
  const [a, b] = load.state === 'ready' ? load.data : [null, null];
  const parts = useMemo(() => Object.entries(definition.duplicateCheck?.mergeParts ?? {}), [definition]);
  const fields = useMemo<TFieldDef[]>(() => {
    const wanted = new Set(parts.flatMap(([, keys]) => keys));
    return definition.fields.filter((field) => wanted.has(field.key));
  }, [definition, parts]);
  const namesA = useFieldNames(fields, noneNamed, a, locale).names;
  const namesB = useFieldNames(fields, noneNamed, b, locale).names;

  /**
   * Each part on both records in words, in the description's order: a part of one field its value,
   * a part of several a line per field with a value ('label: value'; a flag by its label when set).
   */
  const rows = useMemo(() => {
    if (!a || !b) return [];
    const wordsOf = (names: typeof namesA) => ({
      locale,
      names,
      optionLabel,
      yes: LL.options.boolean.yes(),
      no: LL.options.boolean.no(),
      estimated: '',
      ageYears: () => '',
    });
    const sections = [...new Set(fields.map((field) => field.section ?? ''))];
    const textOf = (record: TResourceRow, names: typeof namesA) =>
      new Map(
        sections
          .flatMap((section) => summaryRows(fields, section, record, wordsOf(names)))
          .map((row) => [row.key, row.value]),
      );
    const valuesA = textOf(a, namesA);
    const valuesB = textOf(b, namesB);
    const byKey = new Map(fields.map((field) => [field.key, field]));
    const partWords = LL.duplicateCheck.parts;
    const linesOf = (record: TResourceRow, values: Map<string, string>, keys: readonly string[]) =>
      keys.flatMap((key) => {
        const field = byKey.get(key);
        if (!field) return [];
        const label = labelOf(field.label ?? field.key);
        if (field.kind === 'boolean') return record[key] ? [label] : [];
        const value = values.get(key) ?? '';
        if (!value) return [];
        return [keys.length > 1 ? `${label}: ${value}` : value];
      });
    return parts.map(([part, keys]) => ({
      key: part,
      label: wordOf(partWords, part)?.() || part,
      a: linesOf(a, valuesA, keys),
      b: linesOf(b, valuesB, keys),
      differs: keys.some((key) => JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)),
    }));
  }, [a, b, parts, fields, namesA, namesB, locale, optionLabel, labelOf, LL]);
  const differing = rows.filter((row) => row.differs);

  const [keep, setKeep] = useState<TMergeSide>('a');
  const [choices, setChoices] = useState<Record<string, TMergeSide>>({});
  const defaults = useMemo(
    () =>
      mergeDefaults(
        differing.map((row) => ({ key: row.key, a: row.a.join(''), b: row.b.join('') })),
        keep,
      ),
    [differing, keep],
  );
  const chosen = (key: string) => choices[key] ?? defaults[key] ?? keep;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codeOf = (side: TMergeSide) => (side === 'a' ? pair.a.code : pair.b.code);

  const merge = async (reason: string) => {
    if (!a || !b) return;
    setBusy(true);
    setFailure(null);
    const kept = keep === 'a' ? pair.a : pair.b;
    const merged = keep === 'a' ? pair.b : pair.a;
    try {
      await mergeRecords(definition, {
        keepId: kept.id,
        mergeId: merged.id,
        fields: mergeChoicesBody(
          differing.map((row) => row.key),
          chosen,
          keep,
        ),
        reason,
      });
      onMerged(words.done({ merged: merged.code, kept: kept.code }));
    } catch (error) {
      setFailure(failureText(error, LL));
      setBusy(false);
    }
  };

  const radioClass = 'size-4 border-slate-300 text-primary-700 focus:ring-primary-500';
  return (
    <ReasonDialog
      open
      title={words.title({ a: pair.a.code, b: pair.b.code })}
      intro={words.intro()}
      reasonLabel={words.reason()}
      reasonRequired={words.reasonRequired()}
      confirmLabel={words.confirm()}
      confirmIcon="matching"
      busy={busy || load.state !== 'ready'}
      failure={failure}
      onConfirm={(reason) => void merge(reason)}
      onClose={onClose}
    >
      <LoadState
        state={load.state}
        loadingText={words.loading()}
        failedText={
          load.state === 'failed' ? `${words.failed()} ${failureText(load.error, LL)}` : words.failed()
        }
        onRetry={load.reload}
      >
        {() => (
          <div className="flex flex-col gap-4" data-merge-dialog="">
            <fieldset>
              <legend className="mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">
                {words.keep()}
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['a', 'b'] as const).map((side) => {
                  const record = side === 'a' ? a : b;
                  const summary = side === 'a' ? pair.a : pair.b;
                  return (
                    <label
                      key={side}
                      className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50 dark:border-slate-700 dark:has-[:checked]:bg-primary-900/40"
                    >
                      <input
                        type="radio"
                        name="merge-keep"
                        value={side}
                        checked={keep === side}
                        onChange={() => {
                          setKeep(side);
                          setChoices({});
                        }}
                        className={`mt-0.5 ${radioClass}`}
                      />
                      <span className="flex flex-col gap-0.5 text-sm">
                        <span className="font-semibold">{words.keepThis({ code: summary.code })}</span>
                        <span className="text-slate-700 dark:text-slate-200">
                          {[summary.nameKh, summary.nameEn].filter(Boolean).join(' · ')}
                        </span>
                        {area && record?.status ? (
                          <AreaStatusBadge area={area} status={String(record.status)} />
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </div>
              <div className="mt-1 flex gap-4 text-xs">
                <RecordLink definition={definition} id={pair.a.id} code={pair.a.code} />
                <RecordLink definition={definition} id={pair.b.id} code={pair.b.code} />
              </div>
            </fieldset>
            {differing.length > 0 ? (
              <div>
                <p className="mb-2 text-slate-600 text-sm dark:text-slate-300">{words.choose()}</p>
                <div className="max-h-[40vh] overflow-y-auto rounded-md border border-slate-200 dark:border-slate-700">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{words.choose()}</caption>
                    <thead className="sticky top-0 bg-slate-50 text-slate-600 text-xs uppercase dark:bg-slate-800 dark:text-slate-300">
                      <tr>
                        <th scope="col" className="px-2 py-1.5">
                          {words.field()}
                        </th>
                        <th scope="col" className="px-2 py-1.5">
                          {words.valueOf({ code: pair.a.code })}
                        </th>
                        <th scope="col" className="px-2 py-1.5">
                          {words.valueOf({ code: pair.b.code })}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {differing.map((row) => (
                        <tr key={row.key} data-merge-field={row.key}>
                          <th scope="row" id={`merge-${row.key}`} className="px-2 py-1.5 font-medium">
                            {row.label}
                          </th>
                          {(['a', 'b'] as const).map((side) => (
                            <td key={side} className="px-2 py-1.5">
                              <label className="flex items-start gap-2">
                                <input
                                  type="radio"
                                  name={`merge-field-${row.key}`}
                                  value={side}
                                  checked={chosen(row.key) === side}
                                  onChange={() => setChoices((current) => ({ ...current, [row.key]: side }))}
                                  aria-describedby={`merge-${row.key}`}
                                  className={`mt-0.5 ${radioClass}`}
                                />
                                <span className={row[side].length > 0 ? '' : 'text-slate-500 italic'}>
                                  {row[side].length > 0
                                    ? row[side].map((line) => (
                                        <span key={line} className="block">
                                          {line}
                                        </span>
                                      ))
                                    : words.none()}
                                  <span className="sr-only"> ({codeOf(side)})</span>
                                </span>
                              </label>
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ) : null}
            <p className="text-slate-600 text-sm dark:text-slate-300">
              {words.same({ count: rows.length - differing.length })}
            </p>
          </div>
        )}
      </LoadState>
    </ReasonDialog>
  );
};

export default MergeDialog;
