import { RecordReportPage } from './RecordReportPage';
import { childReportKind } from './reportKinds';

/** `/reports/child/show/{id}`: a child's printable report, or the search for one. */
const ChildRecordReportPage = () => <RecordReportPage kind={childReportKind} />;

export default ChildRecordReportPage;
