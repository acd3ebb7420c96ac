import { Badge } from '@/components/Badge';
import type { TCompatibilityCheck } from '@/domain/compatibility';
import { useI18nContext } from '@/i18n/i18n-react';
import { compatibilityReasonText, criterionText } from './compatibilityText';

const tone = { match: 'green', mismatch: 'rose', unknown: 'slate' } as const;

/** Each criterion of a compatibility: its result on its colour, its name and its reason in words. */
export const CompatibilityChecks = ({ checks }: { checks: readonly TCompatibilityCheck[] }) => {
  const { LL } = useI18nContext();
  return (
    <ul className="flex flex-col gap-1.5">
      {checks.map((check) => (
        <li
          key={check.criterion}
          data-criterion={check.criterion}
          data-result={check.result}
          className="grid grid-cols-[7.5rem_1fr] items-start gap-2 text-sm"
        >
          <span className="inline-flex">
            <Badge tone={check.informational && check.result !== 'match' ? 'slate' : tone[check.result]}>
              {check.informational && check.result !== 'match'
                ? LL.areas.matching.compatibilityChecks.information()
                : LL.areas.matching.compatibilityChecks[check.result]()}
            </Badge>
          </span>
          <span>
            <span className="font-medium">{criterionText(LL, check.criterion)}</span>
            {' · '}
            <span className="text-slate-700 dark:text-slate-300">{compatibilityReasonText(LL, check)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
};
