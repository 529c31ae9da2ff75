import Breadcrumb from '../../../components/plain/Breadcrumb';
import { Link, useParams } from 'react-router';
import { useCompetition } from '../../../api/competitions';
import RecordView from '../../../components/solve/RecordView';

/** /competition/{id}/records/{record_id}: the bank's record view under the contest's breadcrumb. */
export default function ContestRecordPage() {
  const { competitionId, submissionId } = useParams();
  const id = Number(competitionId);
  const contest = useCompetition(Number.isInteger(id) ? id : 0);
  return (
    <div data-testid="contest-record-page">
      <div style={{ maxWidth: 1100, margin: '12px auto 0' }}>
        <Breadcrumb
          items={[
            { title: <Link to="/competition">比赛</Link> },
            { title: <Link to={`/competition/${id}`}>{contest.data?.name ?? '比赛'}</Link> },
            { title: `提交记录 #${submissionId}` },
          ]}
        />
      </div>
      <RecordView submissionId={submissionId} />
    </div>
  );
}
