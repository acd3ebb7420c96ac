import { type ComponentType, useMemo } from 'react';
import type { TShowCardProps } from '@/components/record/showLayout';
import type { TAreaDefinition } from '@/domain/areas/area';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { AttachmentsCard, type TAttachmentsCardProps } from './AttachmentsCard';

/**
 * An area's documents card for its record page: the attachments engine's card at the area's API,
 * ids after the area's name, the files grouped by `slotsOf` (in the reader's language), editable by
 * whoever may update the record; the page reads again after a file was added or removed.
 */
export const areaDocumentsCard = (
  area: TAreaDefinition,
  slotsOf: (LL: TranslationFunctions) => NonNullable<TAttachmentsCardProps['slots']>,
): ComponentType<TShowCardProps> => {
  const AreaDocumentsCard = ({ id, reloadKey, reload, canUpdate }: TShowCardProps) => {
    const { LL } = useI18nContext();
    const slots = useMemo(() => slotsOf(LL), [LL]);
    return (
      <AttachmentsCard
        apiBase={area.apiBase}
        recordId={id}
        idPrefix={area.name}
        slots={slots}
        editable={canUpdate}
        reloadKey={reloadKey}
        onChange={reload}
      />
    );
  };
  return AreaDocumentsCard;
};
