import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { DateInput } from '@/components/form/DateInput';
import { Field } from '@/components/form/Field';
import { FormNotice } from '@/components/form/FormNotice';
import { inputClass } from '@/components/form/fieldStyles';
import { noticeForSaveFailure, type TFormNotice } from '@/components/form/saveFailure';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { useUnsavedChangesGuard } from '@/components/form/useUnsavedChangesGuard';
import { Icon } from '@/components/Icon';
import { primaryButton } from '@/components/ui';
import { matchingArea } from '@/domain/areas/matching.area';
import { needsJustification } from '@/domain/compatibility';
import { hasPermission } from '@/domain/permissions';
import { isoDateIn } from '@/domain/programmeTime';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { useI18nContext } from '@/i18n/i18n-react';
import { wordOf } from '@/i18n/wordOf';
import { api } from '@/platform/api/client';
import { errorStatus } from '@/platform/api/errors';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { criterionText } from '../compatibilityText';
import { CandidatePicker } from './CandidatePicker';
import { fetchCandidates, type TCandidate, type TMatchingSide } from './candidates';

const idFrom = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
const fieldPaths = ['childId', 'parentId', 'proposedDate', 'justification', 'notes'];

/** One side's candidates: given the other side, each with its compatibility, best first. */
const useCandidates = (side: TMatchingSide, otherId: number | null, enabled: boolean) =>
  useRemoteData(
    useCallback(
      (signal: AbortSignal) => (enabled ? fetchCandidates(side, otherId, signal) : Promise.resolve([])),
      [side, otherId, enabled],
    ),
  );

/**
 * A new matching (`/adoptive-matching/create`, issue 13): choose the child, then the family from
 * the candidates sorted by compatibility with each criterion explained, or the other way round;
 * `?childId=` or `?parentId=` (from a child's or an application's page) starts with that one
 * chosen. A mismatch asks for a written justification; the server keeps it with the compatibility.
 */
const MatchingCreatePage = () => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const givenChild = idFrom(params.get('childId'));
  const givenParent = idFrom(params.get('parentId'));
  const [first, setFirst] = useState<TMatchingSide>(
    givenParent !== null && givenChild === null ? 'parent' : 'child',
  );
  const [child, setChild] = useState<TCandidate | null>(null);
  const [family, setFamily] = useState<TCandidate | null>(null);
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const canSave = hasPermission(user, 'matchings:write');

  // The first side is listed alone; the second, once the first is chosen, with its compatibility.
  const firstChosen = first === 'child' ? child : family;
  const firstList = useCandidates(first, null, true);
  const second: TMatchingSide = first === 'child' ? 'parent' : 'child';
  const secondList = useCandidates(second, firstChosen?.id ?? null, firstChosen !== null);

  // A page opened for one child or family starts with it chosen, once the list has it.
  const [preset, setPreset] = useState(givenChild ?? givenParent);
  if (preset !== null && firstList.state === 'ready') {
    const found = firstList.data.find((candidate) => candidate.id === preset) ?? null;
    if (first === 'child') setChild(found);
    else setFamily(found);
    setPreset(null);
  }

  const chosenPair = child && family ? (first === 'child' ? family : child) : null;
  const checks = chosenPair?.compatibility ?? [];
  const justify = needsJustification(checks);
  const mismatched = checks
    .filter((check) => check.result === 'mismatch' && !check.informational)
    .map((check) => criterionText(LL, check.criterion))
    .join(', ');

  const { control, register, handleSubmit, formState, setError, reset, setFocus } = useForm<FieldValues>({
    defaultValues: { proposedDate: isoDateIn(new Date()), justification: '', notes: '' },
  });
  const submitButton = useRef<HTMLButtonElement>(null);
  // Once both are chosen the picker that had the focus is gone: the focus goes where the next
  // keystroke belongs, the justification when a mismatch asks for one, else the proposal's button.
  const pair = child && family ? `${child.id}-${family.id}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly chosen pair moves the focus
  useEffect(() => {
    if (!pair) return;
    if (justify) setFocus('justification');
    else submitButton.current?.focus();
  }, [pair]);
  const { errors, isSubmitting, isDirty } = formState;
  const guard = useUnsavedChangesGuard(isDirty || child !== null || family !== null, leaving);

  const labelOf = (path: string) => wordOf(LL.fields, path)?.() ?? path;
  const save = handleSubmit(async (values) => {
    if (!child || !family) return;
    setNotice(null);
    if (justify && !String(values.justification ?? '').trim()) {
      setError('justification', { message: LL.areas.matching.justificationNeeded({ criteria: mismatched }) });
      return;
    }
    try {
      const saved = await api<{ data: { id: number; code: string } }>(matchingArea.apiBase, {
        method: 'POST',
        body: {
          childId: child.id,
          parentId: family.id,
          proposedDate: values.proposedDate,
          justification: String(values.justification ?? '').trim() || null,
          notes: String(values.notes ?? '').trim() || null,
        },
      });
      leaving.current = true;
      reset(values);
      showToast(LL.areas.matching.proposed({ code: saved.data.code }));
      navigate(localizedPath(locale, `${resourceAddresses.matching.routeBase}/matching/${saved.data.id}`));
    } catch (error) {
      // A child or a family taken meanwhile (409) says which and why; the lists are read again.
      if (errorStatus(error) === 409) {
        const failure = noticeForSaveFailure(error, { fieldPaths, labelForPath: labelOf, setError, LL });
        setNotice({ message: failure.message });
        firstList.reload();
        secondList.reload();
        return;
      }
      setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath: labelOf, setError, LL }));
    }
  });
  useSaveShortcut(save, { enabled: canSave && child !== null && family !== null });

  const listPath = localizedPath(locale, resourceAddresses.matching.routeBase);
  const pickers = useMemo(
    () => ({
      child: {
        label: LL.areas.matching.pickChild(),
        chosen: child,
        onChoose: setChild,
        empty: LL.areas.matching.noChildren(),
      },
      parent: {
        label: LL.areas.matching.pickFamily(),
        chosen: family,
        onChoose: setFamily,
        empty: LL.areas.matching.noFamilies(),
      },
    }),
    [LL, child, family],
  );
  const switchFirst = (side: TMatchingSide) => {
    setFirst(side);
    setChild(null);
    setFamily(null);
  };

  const listState = (list: typeof firstList, picker: (typeof pickers)['child'], autoFocus: boolean) =>
    list.state !== 'ready' ? (
      <LoadState
        state={list.state}
        spinner
        spacing="p-4"
        loadingText={LL.areas.matching.candidatesLoading()}
        failedText={LL.areas.matching.candidatesFailed()}
        onRetry={list.reload}
      />
    ) : (
      <CandidatePicker {...picker} candidates={list.data} autoFocus={autoFocus} />
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[
          { text: LL.layout.home(), to: localizedPath(locale, '/') },
          { text: LL.resources.matching.many(), to: listPath },
          { text: LL.areas.matching.createTitle() },
        ]}
      />
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">
        {LL.areas.matching.createTitle()}
      </h1>
      <p className="mt-1 mb-4 text-slate-600 text-sm dark:text-slate-300">
        {LL.areas.matching.createIntro()}
      </p>
      <fieldset className="mb-4 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{LL.areas.matching.startWith()}</legend>
        <span className="text-slate-600 text-sm dark:text-slate-300" aria-hidden="true">
          {LL.areas.matching.startWith()}
        </span>
        {(['child', 'parent'] as const).map((side) => (
          <button
            key={side}
            type="button"
            aria-pressed={first === side}
            className="rounded-md border border-slate-300 px-3 py-1 text-sm aria-pressed:border-primary-700 aria-pressed:bg-primary-700 aria-pressed:text-white dark:border-slate-600 dark:aria-pressed:bg-primary-300 dark:aria-pressed:text-slate-950"
            onClick={() => switchFirst(side)}
          >
            {side === 'child' ? LL.areas.matching.startWithChild() : LL.areas.matching.startWithFamily()}
          </button>
        ))}
      </fieldset>
      <div className="flex flex-col gap-4">
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {listState(firstList, pickers[first], firstChosen === null)}
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {firstChosen === null ? (
            <p className="p-4 text-slate-600 text-sm dark:text-slate-300">
              {LL.areas.matching.chooseFirst()}
            </p>
          ) : (
            listState(secondList, pickers[second], true)
          )}
        </section>
      </div>
      {child && family ? (
        <form
          ref={formRef}
          noValidate
          aria-label={LL.areas.matching.proposal()}
          className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <h2 className="mb-3 font-semibold text-lg">{LL.areas.matching.proposal()}</h2>
          <FormNotice notice={notice} />
          <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
            <Field
              id="matching-proposedDate"
              label={LL.fields.proposedDate()}
              required
              requiredLabel={LL.form.requiredMark()}
              error={errors.proposedDate?.message as string | undefined}
            >
              <Controller
                control={control}
                name="proposedDate"
                render={({ field }) => (
                  <DateInput
                    id="matching-proposedDate"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    max={isoDateIn(new Date())}
                    invalid={Boolean(errors.proposedDate)}
                    required
                  />
                )}
              />
            </Field>
            <Field
              id="matching-justification"
              label={LL.fields.justification()}
              required={justify}
              requiredLabel={LL.form.requiredMark()}
              error={errors.justification?.message as string | undefined}
              hint={
                justify
                  ? LL.areas.matching.justificationNeeded({ criteria: mismatched })
                  : LL.areas.matching.justificationHint()
              }
            >
              <textarea
                id="matching-justification"
                rows={3}
                className={inputClass(Boolean(errors.justification))}
                aria-invalid={Boolean(errors.justification)}
                aria-describedby={
                  errors.justification ? 'matching-justification-error' : 'matching-justification-hint'
                }
                {...register('justification')}
              />
            </Field>
            <Field
              id="matching-notes"
              label={LL.areas.matching.notes()}
              requiredLabel={LL.form.requiredMark()}
              className="sm:col-span-2"
            >
              <textarea id="matching-notes" rows={2} className={inputClass(false)} {...register('notes')} />
            </Field>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              ref={submitButton}
              type="submit"
              className={primaryButton}
              disabled={isSubmitting || !canSave}
            >
              <Icon name="matching" className="size-4" />
              {isSubmitting ? LL.areas.matching.proposing() : LL.areas.matching.propose()}
            </button>
            <span className="text-slate-500 text-xs dark:text-slate-400">{LL.areas.matching.saveHint()}</span>
          </div>
        </form>
      ) : null}
      {guard}
    </div>
  );
};

export default MatchingCreatePage;
