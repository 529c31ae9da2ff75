import { useParams, useSearchParams } from 'react-router';
import Math408Question from '../../../components/math408/Math408Question';
import QuestionNeighbours from '../../../components/math408/QuestionNeighbours';
import { filterFromParams } from '../../../components/math408/bankFilter';

/**
 * /problems/math408/{id}: one question of the math / 408 bank, answered outside any contest. The
 * address may carry the bank's filter the learner came from: 上一题 / 下一题 stay within it.
 */
export default function Math408Page() {
  const { problemId } = useParams();
  const [params] = useSearchParams();
  const id = Number(problemId);
  return (
    <>
      {/* Keyed by id: moving to another question starts with a fresh answer form. */}
      <Math408Question key={problemId} id={id} />
      {Number.isInteger(id) && id > 0 && <QuestionNeighbours id={id} filter={filterFromParams(params)} />}
    </>
  );
}
