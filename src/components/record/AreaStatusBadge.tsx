import { Badge } from '@/components/Badge';
import type { TAreaDefinition } from '@/domain/areas/area';
import { areaStatusText, areaStatusTone } from '@/domain/areas/areaWords';
import { useI18nContext } from '@/i18n/i18n-react';

/** A record's status as lists, cards and record pages show it: the area's word on the area's tone. */
export const AreaStatusBadge = ({ area, status }: { area: TAreaDefinition; status: string }) => {
  const { LL } = useI18nContext();
  return (
    <span data-status-badge="" className="inline-flex">
      <Badge tone={areaStatusTone(area, status)}>{areaStatusText(LL, area, status)}</Badge>
    </span>
  );
};
