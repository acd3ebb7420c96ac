import { type ReactNode, useMemo, useRef } from 'react';
import { FormNotice } from '@/components/form/FormNotice';
import type { TFormNotice } from '@/components/form/saveFailure';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { primaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';

type TSettingsFormProps = {
  /** The form's name for assistive technology (the section's heading). */
  label: string;
  /** The palette's 'save' command for this form: its id and its words. */
  saveCommand: { id: string; title: string };
  save: () => Promise<void>;
  dirty: boolean;
  busy: boolean;
  notice: TFormNotice | null;
  onReload: () => void;
  /** The fields, two to a row on a wide screen. */
  children: ReactNode;
};

/**
 * A form of the general information page (the app name, the system settings): the notice over
 * it, its fields, 'Save' with the Ctrl+S hint; Ctrl+S (while it has changes or the focus) and the
 * palette's save command reach it too. Shown only to those who may save.
 */
export const SettingsForm = ({
  label,
  saveCommand,
  save,
  dirty,
  busy,
  notice,
  onReload,
  children,
}: TSettingsFormProps) => {
  const { LL } = useI18nContext();
  const formRef = useRef<HTMLFormElement>(null);

  useSaveShortcut(save, { dirty, formRef });

  const { id, title } = saveCommand;
  const commands = useMemo<TCommand[]>(
    () => [{ id, title, group: LL.palette.actions(), icon: 'save', perform: () => void save() }],
    [id, title, LL, save],
  );
  useRegisterCommands(commands);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormNotice notice={notice} onReload={onReload} />
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          <Icon name="save" className="size-4" />
          {busy ? LL.form.saving() : LL.form.save()}
        </button>
        <span className="text-slate-500 text-xs dark:text-slate-400">{LL.form.saveShortcut()}</span>
      </div>
    </form>
  );
};
