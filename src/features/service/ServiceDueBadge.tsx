import { Badge } from '@/components/Badge';
import { useResourceText } from '@/components/resource/useResourceText';

/** 'Overdue' or 'Due soon' beside a pending service's planned day, as the server judged it; else nothing. */
export const ServiceDueBadge = ({ record }: { record: Record<string, unknown> }) => {
  const { optionLabel } = useResourceText('service');
  const state = record.overdue === true ? 'overdue' : record.dueSoon === true ? 'dueSoon' : null;
  if (!state) return null;
  return (
    <span data-due-state={state} className="inline-flex">
      <Badge tone={state === 'overdue' ? 'rose' : 'amber'}>{optionLabel('dueState', state)}</Badge>
    </span>
  );
};
