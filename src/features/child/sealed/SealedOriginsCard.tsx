import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DialogForm } from '@/components/form/DialogForm';
import { Field } from '@/components/form/Field';
import { DialogFooter, SubmitButton } from '@/components/form/FormButtons';
import { FormNotice } from '@/components/form/FormNotice';
import { inputStateProps } from '@/components/form/fieldStyles';
import { failureMessage, type TFormNotice } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import type { TShowCardProps } from '@/components/record/showLayout';
import { secondaryButton } from '@/components/ui';
import { childArea } from '@/domain/areas/child.area';
import { formatInstant, formatInstantDate } from '@/domain/dateFormat';
import { hasPermission } from '@/domain/permissions';
import { personName } from '@/domain/personName';
import { childNames } from '@/domain/resources/child';
import { sealedRecordsPermission, type TOriginOpening, ZOpenOrigins } from '@/domain/sealedOrigins';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { ApiValidationError } from '@/platform/api/errors';
import type { TResourceRow } from '@/platform/api/resources';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';

/** Whether the record is a sealed child whose origins this reader has not opened (issue 27). */
export const originsHidden = (record: TResourceRow) => record.sealed === true && !record.originsOpenUntil;

/** 'The origins of this child are sealed since {date} (adoption completed).' */
export const SealedOriginsLine = ({ record }: { record: TResourceRow }) => {
  const { LL } = useI18nContext();
  return (
    <p className="flex items-start gap-2 text-slate-700 text-sm dark:text-slate-200" data-sealed-line>
      <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
      <span>{LL.areas.child.sealed.line({ date: formatInstantDate(record.sealedAt) })}</span>
    </p>
  );
};

/**
 * A sealed child's origins on its page: the line saying since when they are sealed, and for a
 * holder of `sealed_records:read` the button that opens them with a written reason (30 minutes, for
 * this user; the page reads the record again and shows them, and again when the opening ends).
 * Nothing for a child whose origins are not sealed.
 */
export const SealedOriginsCard = ({ record, reload }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  const [opening, setOpening] = useState(false);
  const until = typeof record.originsOpenUntil === 'string' ? record.originsOpenUntil : null;
  const mayOpen = record.sealed === true && !until && hasPermission(user, sealedRecordsPermission);
  // The palette offers the same opening as the button (the dialog asks the reason).
  const commands = useMemo<TCommand[]>(
    () =>
      mayOpen
        ? [
            {
              id: 'child-open-origins',
              title: LL.areas.child.sealed.open(),
              icon: 'key',
              keywords: ['origins', 'sealed', 'birth', 'ប្រភពដើម'],
              perform: () => setOpening(true),
            },
          ]
        : [],
    [mayOpen, LL],
  );
  useRegisterCommands(commands);
  // When the opening ends, the page reads the record again: the origins are sealed again.
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    const timer = window.setTimeout(reload, Math.max(0, Math.min(left + 1000, 2 ** 31 - 1)));
    return () => window.clearTimeout(timer);
  }, [until, reload]);
  if (record.sealed !== true) return null;
  const words = LL.areas.child.sealed;
  return (
    <section
      id="child-sealed-origins"
      aria-label={words.title()}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950 print:border-slate-400 print:bg-white"
    >
      {until ? (
        <p className="flex items-start gap-2 text-amber-950 text-sm dark:text-amber-50">
          <Icon name="eye" className="mt-0.5 size-4 shrink-0" />
          <span>{words.openUntil({ time: formatInstant(until) })}</span>
        </p>
      ) : (
        <SealedOriginsLine record={record} />
      )}
      {mayOpen && !until ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 print:hidden">
          <button type="button" className={secondaryButton} onClick={() => setOpening(true)}>
            <Icon name="key" className="size-4" />
            {words.open()}
          </button>
          <span className="text-slate-600 text-xs dark:text-slate-300">{words.openHint()}</span>
        </div>
      ) : null}
      <ModalDialog
        open={opening}
        title={words.dialogTitle()}
        intro={words.intro({ name: childName(record, locale) })}
        onClose={() => setOpening(false)}
      >
        {opening ? (
          <OpenOriginsForm
            childId={record.id}
            onClose={() => setOpening(false)}
            onOpened={() => {
              setOpening(false);
              reload();
            }}
          />
        ) : null}
      </ModalDialog>
    </section>
  );
};

const childName = (record: TResourceRow, locale: 'kh' | 'en') =>
  personName(childNames(record), locale) || String(record.code);

/** The reason, required (blank is refused here as the server refuses it), then `PATCH open-origins`. */
const OpenOriginsForm = ({
  childId,
  onClose,
  onOpened,
}: {
  childId: number;
  onClose: () => void;
  onOpened: () => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.areas.child.sealed;
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const label = words.reason();

  const save = async () => {
    if (!ZOpenOrigins.safeParse({ reason }).success) {
      setError(LL.validation.required({ label }));
      return;
    }
    setError(undefined);
    setNotice(null);
    setBusy(true);
    try {
      const { data } = await api<{ data: TOriginOpening }>(`${childArea.apiBase}/open-origins/${childId}`, {
        method: 'PATCH',
        body: { reason: reason.trim() },
      });
      showToast(words.opened({ time: formatInstant(data.expiresAt) }));
      onOpened();
    } catch (failure) {
      if (failure instanceof ApiValidationError) setError(LL.validation.required({ label }));
      else setNotice({ message: failureMessage(failure, LL) });
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };
  const fieldId = `${id}-reason`;
  return (
    <DialogForm onSave={save} onKeyDown={onKeyDown}>
      <FormNotice notice={notice} />
      <Field id={fieldId} label={label} required requiredLabel={LL.form.requiredMark()} error={error}>
        <textarea
          {...inputStateProps(fieldId, error)}
          name="reason"
          rows={4}
          maxLength={1000}
          aria-required
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <DialogFooter hint={words.formHint()} onCancel={onClose}>
        <SubmitButton icon="key" busy={busy} busyLabel={words.opening()} label={words.open()} />
      </DialogFooter>
    </DialogForm>
  );
};
