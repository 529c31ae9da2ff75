import { useParams } from 'react-router';
import RecordView from '../../../components/solve/RecordView';

/** /problems/{problem_id}/records/{submission_id}: one record, live (the solving kit's RecordView). */
export default function RecordPage() {
  const { submissionId, problemId } = useParams();
  return <RecordView submissionId={submissionId} problemId={problemId} />;
}
