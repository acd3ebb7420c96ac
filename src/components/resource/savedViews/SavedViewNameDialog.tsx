import { useState } from 'react';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { DialogForm } from '@/components/form/DialogForm';
import { errorTextClass, inputClass, labelClass } from '@/components/form/fieldStyles';
import { focusRing, primaryButton, secondaryButton } from '@/components/ui';
import type { TSavedView } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TListView } from '../listAddress';
import type { TListShape } from '../savedViewAddress';
import { savedViewRequests, useSavedViewChange } from './savedViewRequests';

/** Save what the list shows as a new view, or rename one of mine. */
export type TNameDialogFor = { kind: 'saveAs' } | { kind: 'rename'; view: TSavedView };

/**
 * The views menu's name dialog (issue 38: loaded when it is opened): 'Save as a new view' of what
 * the list shows now, or 'Rename the view'. A name already used is said under the field.
 */
const SavedViewNameDialog = ({
  of,
  list,
  view,
  shape,
  onChanged,
  onCreated,
  onClose,
}: {
  of: TNameDialogFor;
  list: string;
  view: TListView;
  shape: TListShape;
  onChanged: () => void;
  /** The new view, to open it. */
  onCreated: (saved: TSavedView) => void;
  onClose: () => void;
}) => {
  const { LL } = useI18nContext();
  const [name, setName] = useState(of.kind === 'rename' ? of.view.name : '');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSavedViewChange(onChanged);
  const close = () => {
    if (!busy) onClose();
  };

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(LL.validation.required({ label: LL.savedViews.nameLabel() }));
    const done = LL.savedViews.saved({ name: trimmed });
    if (of.kind === 'saveAs') {
      const created = await run(() => savedViewRequests.create(list, trimmed, view, shape), done, setError);
      if (!created) return;
      onClose();
      onCreated(created.answer);
    } else if (await run(() => savedViewRequests.rename(of.view, trimmed), done, setError)) onClose();
  };

  return (
    <ModalDialog
      open
      title={of.kind === 'rename' ? LL.savedViews.renameTitle() : LL.savedViews.saveAsTitle()}
      intro={of.kind === 'saveAs' ? LL.savedViews.saveAsIntro() : undefined}
      onClose={close}
    >
      <DialogForm onSave={submit}>
        <label htmlFor="saved-view-name" className={labelClass}>
          {LL.savedViews.nameLabel()}
        </label>
        <input
          id="saved-view-name"
          className={inputClass(error !== null)}
          value={name}
          maxLength={100}
          autoComplete="off"
          autoFocus
          aria-invalid={error !== null}
          aria-describedby={error ? 'saved-view-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id="saved-view-name-error" className={errorTextClass}>
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={close}>
            {LL.form.cancel()}
          </button>
          <button type="submit" className={`${primaryButton} ${focusRing}`} disabled={busy}>
            {LL.savedViews.saveButton()}
          </button>
        </div>
      </DialogForm>
    </ModalDialog>
  );
};

export default SavedViewNameDialog;
