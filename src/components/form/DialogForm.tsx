import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A dialog's form: submitting (Enter, the submit button) runs `onSave` and goes no further, so a
 * form under the dialog never submits with it. `saveOnModS`: Ctrl/Cmd+S saves this dialog only,
 * never the page's form under it; `onKeyDown` for a dialog's own keys.
 */
export const DialogForm = ({
  onSave,
  saveOnModS = false,
  onKeyDown,
  children,
}: {
  onSave: () => unknown;
  saveOnModS?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) => {
  const keyDown = saveOnModS
    ? (event: KeyboardEvent<HTMLFormElement>) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          event.stopPropagation();
          void onSave();
        }
      }
    : onKeyDown;
  return (
    <form
      noValidate
      onKeyDown={keyDown}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void onSave();
      }}
    >
      {children}
    </form>
  );
};
