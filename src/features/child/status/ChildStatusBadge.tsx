import { Badge } from '@/components/Badge';
import { useResourceText } from '@/components/resource/useResourceText';
import { isChildStatus } from '@/domain/childStatus';
import { childStatusTones } from '@/domain/resources/child';

/** A child's status as the list and the case summary show it: its label on its colour. */
export const ChildStatusBadge = ({ status }: { status: string }) => {
  const { optionLabel } = useResourceText('child');
  return (
    <span data-status-badge="" className="inline-flex">
      <Badge tone={isChildStatus(status) ? childStatusTones[status] : 'slate'}>
        {optionLabel('status', status)}
      </Badge>
    </span>
  );
};
