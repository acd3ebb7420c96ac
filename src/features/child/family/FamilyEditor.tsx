import { useEffect, useState } from 'react';
import { LoadState } from '@/components/feedback/LoadState';
import { Icon } from '@/components/Icon';
import { dangerOutlineButton, secondaryButton } from '@/components/ui';
import { childSiblingsMax, nameScripts, parentVitalStatuses } from '@/domain/childFamily';
import { childSexes } from '@/domain/resources/child';
import { useI18nContext } from '@/i18n/i18n-react';
import { FamilyDateInput, FamilySelect, FamilyTextarea, FamilyTextInput } from './FamilyInputs';
import {
  emptyParentDraft,
  emptySiblingDraft,
  type TFamilyDraft,
  type TFamilyErrors,
  type TParentDraft,
  type TParentRole,
  type TSiblingDraft,
} from './familyDraft';
import { familyFieldId } from './familyLabels';

/** Whether the stored family could be read (an edit reads it first; a new child has none). */
export type TFamilyLoadState = 'loading' | 'failed' | 'ready';

type TFamilyEditorProps = {
  loadState: TFamilyLoadState;
  draft: TFamilyDraft;
  onChange: (draft: TFamilyDraft) => void;
  errors: TFamilyErrors;
  /** Today (yyyy-mm-dd): no date of birth after it. */
  today: string;
  onRetry: () => void;
  /** The family had a record and everything is now cleared: saving removes it. */
  willRemove: boolean;
};

const boxClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700';
const smallButton = 'px-2.5 py-1.5 text-xs';

/**
 * The family section of the child form: father and mother (each may be left 'not recorded'),
 * the siblings as rows to add and remove, and contact notes. Nothing is sent from here: the form
 * sends the family after the child record is saved.
 */
export const FamilyEditor = ({
  loadState,
  draft,
  onChange,
  errors,
  today,
  onRetry,
  willRemove,
}: TFamilyEditorProps) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.family;
  // After adding or removing a part, the keyboard continues where the person expects.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  if (loadState !== 'ready') {
    return (
      <LoadState
        state={loadState}
        spacing="py-2"
        loadingText={words.loading()}
        failedText={words.loadFailedEdit()}
        onRetry={onRetry}
      />
    );
  }

  const setParent = (role: TParentRole, parent: TParentDraft | null) =>
    onChange({ ...draft, [role]: parent });
  const setSiblings = (siblings: TSiblingDraft[]) => onChange({ ...draft, siblings });

  const addSibling = () => {
    if (draft.siblings.length >= childSiblingsMax) return;
    setSiblings([...draft.siblings, emptySiblingDraft()]);
    setFocusTarget(familyFieldId(`siblings.${draft.siblings.length}.name`));
  };
  const removeSibling = (index: number) => {
    const rest = draft.siblings.filter((_, position) => position !== index);
    setSiblings(rest);
    // The row that takes its place, else the one before, else the Add button.
    const next = index < rest.length ? index : index - 1;
    setFocusTarget(next >= 0 ? familyFieldId(`siblings.${next}.name`) : 'family-add-sibling');
  };

  const full = draft.siblings.length >= childSiblingsMax;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-500 text-sm dark:text-slate-400">{words.hint()}</p>
      {willRemove ? (
        <p
          className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
          aria-live="polite"
        >
          <Icon name="info" className="size-4 shrink-0" />
          {words.clearedNotice()}
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        {(['father', 'mother'] as const).map((role) => (
          <ParentBox
            key={role}
            role={role}
            parent={draft[role]}
            errors={errors}
            today={today}
            onChange={(parent) => setParent(role, parent)}
            onAdd={() => {
              setParent(role, emptyParentDraft());
              setFocusTarget(familyFieldId(`${role}.familyName`));
            }}
            onRemove={() => {
              setParent(role, null);
              setFocusTarget(`family-add-${role}`);
            }}
          />
        ))}
      </div>

      <fieldset className={boxClass}>
        <legend className="px-1 font-semibold text-slate-800 text-sm dark:text-slate-100">
          {words.siblings()}
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600 text-xs dark:bg-slate-800 dark:text-slate-300">
            {draft.siblings.length}
          </span>
        </legend>
        <p className="mb-3 text-slate-500 text-xs dark:text-slate-400">
          {words.siblingsHint({ max: childSiblingsMax })}
        </p>
        {draft.siblings.length === 0 ? (
          <p className="rounded-md border border-slate-300 border-dashed px-4 py-4 text-center text-slate-500 text-sm dark:border-slate-700 dark:text-slate-400">
            {words.noSiblings()}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {draft.siblings.map((sibling, index) => (
              <SiblingRow
                key={sibling.key}
                index={index}
                sibling={sibling}
                errors={errors}
                today={today}
                onChange={(changed) =>
                  setSiblings(draft.siblings.map((row, position) => (position === index ? changed : row)))
                }
                onRemove={() => removeSibling(index)}
              />
            ))}
          </ol>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            id="family-add-sibling"
            type="button"
            className={secondaryButton}
            onClick={addSibling}
            disabled={full}
            aria-describedby={full ? 'family-siblings-full' : undefined}
          >
            <Icon name="plus" className="size-4" />
            {words.addSibling()}
          </button>
          {full ? (
            <span id="family-siblings-full" className="text-slate-500 text-xs dark:text-slate-400">
              {words.siblingsFull({ max: childSiblingsMax })}
            </span>
          ) : null}
        </div>
      </fieldset>

      <FamilyTextarea
        path="contactNotes"
        label={words.contactNotes()}
        hint={words.contactNotesHint()}
        value={draft.contactNotes}
        onChange={(contactNotes) => onChange({ ...draft, contactNotes })}
        error={errors.contactNotes}
        rows={3}
        maxLength={2000}
      />
    </div>
  );
};

/** A father's or mother's box: 'not recorded' with an Add button, or the parent's fields. */
const ParentBox = ({
  role,
  parent,
  errors,
  today,
  onChange,
  onAdd,
  onRemove,
}: {
  role: TParentRole;
  parent: TParentDraft | null;
  errors: TFamilyErrors;
  today: string;
  onChange: (parent: TParentDraft) => void;
  onAdd: () => void;
  onRemove: () => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.family;
  const title = words[role]();
  const legendId = `family-${role}-legend`;
  if (!parent) {
    return (
      <section aria-labelledby={legendId} className={`${boxClass} border-dashed`}>
        <h3 id={legendId} className="font-semibold text-slate-800 text-sm dark:text-slate-100">
          {title}
        </h3>
        <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{words.notRecorded()}</p>
        <button id={`family-add-${role}`} type="button" className={`${secondaryButton} mt-3`} onClick={onAdd}>
          <Icon name="plus" className="size-4" />
          {role === 'father' ? words.addFather() : words.addMother()}
        </button>
      </section>
    );
  }
  /** What an input of the box has by its key: path (and id), label, value, message and change. */
  const field = (key: keyof TParentDraft) => ({
    path: `${role}.${key}`,
    label: words[key](),
    value: parent[key],
    error: errors[`${role}.${key}`],
    // A select gives only the values it offers.
    onChange: (value: string) => onChange({ ...parent, [key]: value }),
  });
  return (
    <fieldset className={boxClass}>
      <legend id={legendId} className="px-1 font-semibold text-slate-800 text-sm dark:text-slate-100">
        {title}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FamilyTextInput {...field('familyName')} required maxLength={100} />
        <FamilyTextInput {...field('givenName')} required maxLength={100} />
        <FamilySelect
          {...field('nameScript')}
          options={nameScripts.map((script) => ({ value: script, label: words.nameScripts[script]() }))}
        />
        <FamilySelect
          {...field('vitalStatus')}
          required
          options={parentVitalStatuses.map((status) => ({
            value: status,
            label: words.vitalStatuses[status](),
          }))}
        />
        <FamilyDateInput {...field('dateOfBirth')} max={today} />
        <FamilyTextInput {...field('phone')} type="tel" inputMode="tel" maxLength={30} />
        <FamilyTextInput {...field('occupation')} maxLength={200} className="sm:col-span-2" />
        <FamilyTextarea {...field('address')} maxLength={500} className="sm:col-span-2" />
      </div>
      <button type="button" className={`${dangerOutlineButton} ${smallButton} mt-3`} onClick={onRemove}>
        <Icon name="trash" className="size-3.5" />
        {role === 'father' ? words.removeFather() : words.removeMother()}
      </button>
    </fieldset>
  );
};

/** One sibling: name and sex required, the rest as known. */
const SiblingRow = ({
  index,
  sibling,
  errors,
  today,
  onChange,
  onRemove,
}: {
  index: number;
  sibling: TSiblingDraft;
  errors: TFamilyErrors;
  today: string;
  onChange: (sibling: TSiblingDraft) => void;
  onRemove: () => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.family;
  const n = index + 1;
  /** What an input of the row has by its key: path (and id), label, value, message and change. */
  const field = (key: Exclude<keyof TSiblingDraft, 'key'>) => ({
    path: `siblings.${index}.${key}`,
    label: words[key](),
    value: sibling[key],
    error: errors[`siblings.${index}.${key}`],
    // A select gives only the values it offers.
    onChange: (value: string) => onChange({ ...sibling, [key]: value }),
  });
  const headingId = `family-sibling-${sibling.key}`;
  return (
    <li aria-labelledby={headingId} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800/50">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 id={headingId} className="font-medium text-slate-700 text-sm dark:text-slate-200">
          {words.siblingN({ n })}
          {sibling.name.trim() ? (
            <span className="font-normal text-slate-500 dark:text-slate-400"> · {sibling.name.trim()}</span>
          ) : null}
        </h4>
        <button
          type="button"
          className={`${dangerOutlineButton} ${smallButton}`}
          aria-label={words.removeSibling({ n })}
          onClick={onRemove}
        >
          <Icon name="trash" className="size-3.5" />
          {LL.form.remove()}
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FamilyTextInput {...field('name')} required maxLength={200} className="sm:col-span-2" />
        <FamilySelect
          {...field('sex')}
          required
          options={childSexes.map((sex) => ({ value: sex, label: LL.options.sex[sex]() }))}
        />
        <FamilyDateInput {...field('dateOfBirth')} max={today} />
        <FamilyTextInput
          {...field('livingWith')}
          maxLength={200}
          hint={words.livingWithHint()}
          className="sm:col-span-2"
        />
        <FamilyTextInput {...field('notes')} maxLength={1000} className="sm:col-span-2" />
      </div>
    </li>
  );
};
