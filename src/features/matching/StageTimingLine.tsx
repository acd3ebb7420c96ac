import { Badge } from '@/components/Badge';
import { stageTiming } from '@/domain/matchingStage';
import { isoDateIn } from '@/domain/programmeTime';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { useClientSettings } from '@/platform/useSetup';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The days in the current stage, and an overdue mark past its expected days. */
export const StageTimingLine = ({ record }: { record: TResourceRow }) => {
  const { LL } = useI18nContext();
  const { stageExpectedDays } = useClientSettings();
  const timing = stageTiming(
    String(record.status),
    text(record.stageEnteredOn),
    isoDateIn(new Date()),
    stageExpectedDays,
  );
  if (!timing) return null;
  return (
    <span className="inline-flex items-center gap-2" data-stage-timing="">
      <span>
        {LL.areas.matching.daysInStage({ days: timing.days, stage: LL.options.stage[timing.stage]() })}
      </span>
      {timing.overdue ? (
        <Badge tone="amber">
          {LL.areas.matching.overdueDays({ days: timing.days, expected: timing.expected })}
        </Badge>
      ) : null}
    </span>
  );
};
