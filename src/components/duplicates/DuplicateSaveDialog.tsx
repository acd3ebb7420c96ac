import { useId } from 'react';
import type { TDuplicateMatch } from '@/domain/duplicates';
import type { TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { wordOf } from '@/i18n/wordOf';
import { DuplicateMatchList } from './DuplicateMatchList';
import { ReasonDialog } from './ReasonDialog';

/**
 * The save of a likely duplicate was refused (409 `{ duplicates }`, issue 35): the records it may
 * be, each openable in a new tab, and 'Not the same … — register anyway' with the reason the
 * page resubmits as `notDuplicateOf` and `duplicateReason`. Loaded when a save is refused.
 */
const DuplicateSaveDialog = ({
  definition,
  matches,
  busy,
  onConfirm,
  onClose,
}: {
  definition: Pick<TResourceDefinition, 'name' | 'routeBase' | 'recordPage'>;
  matches: readonly TDuplicateMatch[];
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) => {
  const { LL } = useI18nContext();
  const words = LL.duplicateCheck;
  const listId = useId();
  const notSame = wordOf(words.notSame, definition.name);
  return (
    <ReasonDialog
      open
      title={words.saveTitle()}
      intro={words.saveIntro()}
      reasonLabel={words.reason()}
      reasonRequired={words.reasonRequired()}
      confirmLabel={notSame?.() || words.notSame.other()}
      confirmIcon="save"
      cancelLabel={words.backToForm()}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <h3 id={listId} className="sr-only">
        {words.heading()}
      </h3>
      <DuplicateMatchList definition={definition} matches={matches} labelledBy={listId} />
    </ReasonDialog>
  );
};

export default DuplicateSaveDialog;
