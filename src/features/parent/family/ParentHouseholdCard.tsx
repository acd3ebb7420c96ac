import { useCallback, useId, useState } from 'react';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { DateInput } from '@/components/form/DateInput';
import { failureText } from '@/components/form/failureText';
import { inputClass } from '@/components/form/fieldStyles';
import { Icon } from '@/components/Icon';
import { SummaryCard } from '@/components/record/SummaryCard';
import type { TShowCardProps } from '@/components/record/showLayout';
import { primaryButton, secondaryButton } from '@/components/ui';
import { formatDate } from '@/domain/dateFormat';
import { parentHouseholdMax, type TParentFamilyMember, ZParentFamilyMember } from '@/domain/parentFamily';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { fetchParentFamily, saveParentFamily } from './parentFamilyApi';

type TDraft = { name: string; relation: string; dateOfBirth: string; occupation: string };
const blank: TDraft = { name: '', relation: '', dateOfBirth: '', occupation: '' };
const draftOf = (member: TParentFamilyMember): TDraft => ({
  name: member.name,
  relation: member.relation,
  dateOfBirth: member.dateOfBirth ?? '',
  occupation: member.occupation ?? '',
});
const memberOf = (draft: TDraft): TParentFamilyMember => ({
  name: draft.name.trim(),
  relation: draft.relation.trim(),
  dateOfBirth: draft.dateOfBirth || null,
  occupation: draft.occupation.trim() || null,
});

/**
 * 'Household members' of an application (`/parent-infos/family/{id}`): a table to read, and for a
 * user who may change the application an editor of rows (add, remove, save all at once).
 */
export const ParentHouseholdCard = ({ id, reloadKey, reload, canUpdate }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const t = LL.areas.parent.family;
  const baseId = useId();
  const load = useRemoteData(
    useCallback((signal: AbortSignal) => fetchParentFamily(id, signal), [id]),
    reloadKey,
  );
  const [drafts, setDrafts] = useState<TDraft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const family = load.state === 'ready' ? load.data : null;
  const members = family?.members ?? [];

  const change = (index: number, key: keyof TDraft, value: string) =>
    setDrafts((rows) => rows?.map((row, at) => (at === index ? { ...row, [key]: value } : row)) ?? null);

  const save = async () => {
    if (!drafts) return;
    const rows = drafts.filter((row) => Object.values(row).some((value) => value.trim() !== ''));
    const invalid = rows.findIndex((row) => !ZParentFamilyMember.safeParse(memberOf(row)).success);
    if (invalid >= 0) {
      setError(`${t.member({ n: invalid + 1 })}: ${t.name()}, ${t.relation()} — ${LL.form.fixErrors()}`);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await saveParentFamily(id, rows.map(memberOf), family);
      load.update(() => saved);
      setDrafts(null);
      showToast(t.saved());
      reload();
    } catch (failure) {
      setError(failureText(failure, LL));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SummaryCard
      id="parent-household"
      title={t.title()}
      both={bothLanguages((book) => book.areas.parent.family.title())}
    >
      {load.state !== 'ready' ? (
        <LoadState state={load.state} failedText={t.loadFailed()} onRetry={load.reload} />
      ) : drafts ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          aria-label={t.edit()}
        >
          <p className="mb-3 text-slate-600 text-sm dark:text-slate-300">{t.hint()}</p>
          <ol className="flex flex-col gap-3">
            {drafts.map((row, index) => {
              const rowId = `${baseId}-${index}`;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
                  key={index}
                  className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_10rem_1fr_auto] dark:border-slate-700"
                >
                  {(['name', 'relation'] as const).map((key) => (
                    <label key={key} className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700 dark:text-slate-200">
                        {t[key]()} <span className="text-error">*</span>
                      </span>
                      <input
                        className={inputClass(false)}
                        value={row[key]}
                        onChange={(event) => change(index, key, event.target.value)}
                        // A new row takes the focus on its first box.
                        autoFocus={key === 'name' && index === drafts.length - 1 && row.name === ''}
                      />
                    </label>
                  ))}
                  <div className="flex flex-col gap-1 text-sm">
                    <label
                      htmlFor={`${rowId}-birth`}
                      className="font-medium text-slate-700 dark:text-slate-200"
                    >
                      {t.dateOfBirth()}
                    </label>
                    <DateInput
                      id={`${rowId}-birth`}
                      value={row.dateOfBirth}
                      onChange={(value) => change(index, 'dateOfBirth', value)}
                    />
                  </div>
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="font-medium text-slate-700 dark:text-slate-200">{t.occupation()}</span>
                    <input
                      className={inputClass(false)}
                      value={row.occupation}
                      onChange={(event) => change(index, 'occupation', event.target.value)}
                    />
                  </label>
                  <button
                    type="button"
                    className={`${secondaryButton} self-end`}
                    onClick={() => setDrafts(drafts.filter((_row, at) => at !== index))}
                    aria-label={t.remove({ n: index + 1 })}
                  >
                    <Icon name="trash" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ol>
          {error ? (
            <p className="mt-2 text-error text-sm" role="alert">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              disabled={drafts.length >= parentHouseholdMax}
              onClick={() => setDrafts([...drafts, blank])}
            >
              <Icon name="plus" className="size-4" />
              {t.add()}
            </button>
            <button type="submit" className={primaryButton} disabled={saving}>
              <Icon name="save" className="size-4" />
              {saving ? LL.form.saving() : t.save()}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDrafts(null)}>
              {t.cancel()}
            </button>
          </div>
        </form>
      ) : (
        <>
          {members.length === 0 ? (
            <p className="text-slate-500 text-sm italic dark:text-slate-400">{t.empty()}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500 text-xs dark:text-slate-400">
                <tr>
                  <th className="py-1 pr-3 font-medium">{t.name()}</th>
                  <th className="py-1 pr-3 font-medium">{t.relation()}</th>
                  <th className="py-1 pr-3 font-medium">{t.dateOfBirth()}</th>
                  <th className="py-1 font-medium">{t.occupation()}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: members are kept in order, without ids
                  <tr key={index} className="border-slate-100 border-t dark:border-slate-800">
                    <td className="py-1 pr-3">{member.name}</td>
                    <td className="py-1 pr-3">{member.relation}</td>
                    <td className="py-1 pr-3">{formatDate(member.dateOfBirth) || '—'}</td>
                    <td className="py-1">{member.occupation || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {canUpdate ? (
            <button
              type="button"
              className={`${secondaryButton} mt-3 print:hidden`}
              onClick={() => setDrafts(members.length > 0 ? members.map(draftOf) : [blank])}
            >
              <Icon name="edit" className="size-4" />
              {t.edit()}
            </button>
          ) : null}
        </>
      )}
    </SummaryCard>
  );
};
