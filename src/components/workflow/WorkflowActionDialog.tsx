import { type ComponentProps, useCallback, useEffect, useState } from 'react';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TClientWorkflow, TWorkflowSubject } from './clientWorkflow';
import { loadedWorkflowActionForm, loadWorkflowActionForm } from './loadWorkflowActionForm';
import type { WorkflowActionForm } from './WorkflowActionForm';
import type { TWorkflowAnswer } from './workflowAnswer';

/**
 * The dialog of one workflow action: its title and intro at once, its form (WorkflowActionForm.tsx)
 * as soon as that has loaded, which the first dialog to open starts (or the hover or focus of its
 * button, before). Every workflow's dialogs come through here.
 */
export const WorkflowActionDialog = ({
  client,
  action,
  subject,
  onClose,
  reload,
  answered,
}: {
  client: TClientWorkflow;
  action: string | null;
  subject: TWorkflowSubject | null;
  onClose: () => void;
  /** Reads the page again (after a 409: the status moved on, or someone else saved first). */
  reload: () => void;
  /** The action's answer: the page takes the record and the new history row from it. */
  answered: (answer: TWorkflowAnswer) => void;
}) => {
  const { LL } = useI18nContext();
  const texts = client.texts(LL);
  return (
    <ModalDialog
      open={action !== null && subject !== null}
      title={action ? texts.action(action) : ''}
      intro={action && subject ? texts.intro(action, subject.name) : undefined}
      onClose={onClose}
    >
      {action && subject ? (
        <LoadedActionForm
          key={`${action}-${subject.id}`}
          client={client}
          name={action}
          subject={subject}
          texts={texts}
          onClose={onClose}
          reload={reload}
          answered={answered}
        />
      ) : null}
    </ModalDialog>
  );
};

/** The form, or while it loads a line that says so (in the page's language). */
const LoadedActionForm = (props: ComponentProps<typeof WorkflowActionForm>) => {
  const [loaded, setLoaded] = useState(loadedWorkflowActionForm);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadWorkflowActionForm().then(
      (module) => {
        if (current) setLoaded(module);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [loaded]);
  return loaded ? <loaded.WorkflowActionForm {...props} /> : <ActionFormLoading failed={failed} />;
};

const ActionFormLoading = ({ failed }: { failed: boolean }) => {
  const { LL } = useI18nContext();
  // The keyboard's focus waits in the dialog, here rather than on its close button (where an Enter
  // would close it), until the form's first field or its button takes it.
  const holdFocus = useCallback((element: HTMLParagraphElement | null) => element?.focus(), []);
  return (
    <p
      ref={holdFocus}
      tabIndex={-1}
      role={failed ? 'alert' : 'status'}
      data-action-form-loading
      className={`py-6 text-center text-sm outline-none ${failed ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
    >
      {failed ? LL.errors.loadFailed() : LL.layout.loading()}
    </p>
  );
};
