import type { RefObject } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

/**
 * Ctrl/Cmd+S saves a form, even from inside a field. With `formRef`, a page holding several forms
 * saves only the one that has changes or the focus.
 */
export const useSaveShortcut = (
  save: () => unknown,
  options: { enabled?: boolean; dirty?: boolean; formRef?: RefObject<HTMLFormElement | null> } = {},
) => {
  const { enabled = true, dirty = false, formRef } = options;
  useHotkeys(
    'mod+s',
    () => {
      if (!formRef || dirty || formRef.current?.contains(document.activeElement)) void save();
    },
    { enableOnFormTags: true, preventDefault: true, enabled },
    [save, dirty, formRef],
  );
};
