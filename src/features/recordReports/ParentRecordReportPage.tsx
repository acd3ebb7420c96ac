import { RecordReportPage } from './RecordReportPage';
import { parentReportKind } from './reportKinds';

/** `/reports/parents/show/{id}`: an application's printable report, or the search for one. */
const ParentRecordReportPage = () => <RecordReportPage kind={parentReportKind} />;

export default ParentRecordReportPage;
