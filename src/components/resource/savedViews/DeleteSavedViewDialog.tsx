import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import type { TSavedView } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import { savedViewRequests, useSavedViewChange } from './savedViewRequests';

/**
 * 'Delete the view …?' (issue 38: loaded when it is opened): only the view goes, never the records;
 * the focus starts on Cancel.
 */
const DeleteSavedViewDialog = ({
  view,
  onChanged,
  onClose,
}: {
  view: TSavedView;
  onChanged: () => void;
  onClose: () => void;
}) => {
  const { LL } = useI18nContext();
  const { busy, run } = useSavedViewChange(onChanged);
  return (
    <ConfirmDialog
      open
      title={LL.savedViews.deleteTitle({ name: view.name })}
      body={LL.savedViews.deleteBody()}
      confirmLabel={LL.savedViews.delete()}
      cancelLabel={LL.form.cancel()}
      danger
      busy={busy}
      onCancel={() => {
        if (!busy) onClose();
      }}
      onConfirm={async () => {
        if (await run(() => savedViewRequests.remove(view), LL.savedViews.deleted({ name: view.name })))
          onClose();
      }}
    />
  );
};

export default DeleteSavedViewDialog;
