import type { TSelectionPrintProps } from '@/components/resource/resourceArea';
import { childReportKind } from './reportKinds';
import { SelectionReports } from './SelectionReports';

/** The children list's selection printed as their record reports. */
const ChildSelectionReports = (props: TSelectionPrintProps) => (
  <SelectionReports kind={childReportKind} {...props} />
);

export default ChildSelectionReports;
