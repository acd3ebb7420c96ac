import { useCallback, useMemo, useState } from 'react';
import { FormNotice } from '@/components/form/FormNotice';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { SectionCard } from './feedback';
import { downloadReferenceWorkbook } from './generalInformationApi';

/** The reference lists as an Excel workbook (GET /categories/excel), for holders of reference_lists:read. */
export const WorkbookSection = () => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = useCallback(async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadReferenceWorkbook();
    } catch (error) {
      // The error catalogue's words (offline, 'No Permission.', ...) after this section's own.
      setFailure(`${words.downloadFailed()} ${failureMessage(error, LL)}`);
    } finally {
      setBusy(false);
    }
  }, [words, LL]);

  const commands = useMemo<TCommand[]>(
    () => [
      {
        id: 'download-reference-lists',
        title: words.downloadWorkbook(),
        group: LL.palette.actions(),
        icon: 'report',
        keywords: ['excel', 'xlsx', 'categories'],
        perform: () => void download(),
      },
    ],
    [words, LL, download],
  );
  useRegisterCommands(commands);

  return (
    <SectionCard id="reference-lists" title={words.workbook()} hint={words.workbookHint()}>
      <FormNotice notice={failure ? { message: failure } : null} />
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        <Icon name="report" className="size-4" />
        {/* What it downloads, not 'Download .xlsx' beside the backups' downloads (issue 38). */}
        {busy ? words.downloading() : words.downloadWorkbook()}
      </button>
    </SectionCard>
  );
};
