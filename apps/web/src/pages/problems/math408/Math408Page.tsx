import { useParams } from 'react-router';
import Math408Question from '../../../components/math408/Math408Question';

/** /problems/math408/{id}: one question of the math / 408 bank, answered outside any contest. */
export default function Math408Page() {
  const { problemId } = useParams();
  // Keyed by id: moving to another question starts with a fresh answer form.
  return <Math408Question key={problemId} id={Number(problemId)} />;
}
