import { Badge } from '@/components/Badge';
import { useResourceText } from '@/components/resource/useResourceText';
import { matchingStatusTones } from '@/domain/resources/matching';

/** A matching's status as the lists show it: its label on its colour. */
export const MatchingStatusBadge = ({ status }: { status: string }) => {
  const { optionLabel } = useResourceText('matching');
  const tone = matchingStatusTones[status as keyof typeof matchingStatusTones] ?? 'slate';
  return (
    <span data-status-badge="" className="inline-flex">
      <Badge tone={tone}>{optionLabel('status', status)}</Badge>
    </span>
  );
};
