import type { TSelectionPrintProps } from '@/components/resource/resourceArea';
import { parentReportKind } from './reportKinds';
import { SelectionReports } from './SelectionReports';

/** The applications list's selection printed as their record reports. */
const ParentSelectionReports = (props: TSelectionPrintProps) => (
  <SelectionReports kind={parentReportKind} {...props} />
);

export default ParentSelectionReports;
