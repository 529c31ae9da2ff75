import Result from '../../components/plain/Result';
import { useParams } from 'react-router';
import ReplayPlayer from './ReplayPlayer';

/** /code-replay/:replayId: one replay, played. */
export default function ReplayPlayerPage() {
  const id = Number(useParams().replayId);
  return (
    <div className="oj-container oj-panel">
      {Number.isInteger(id) && id > 0 ? (
        <ReplayPlayer id={id} />
      ) : (
        <Result status="404" title="代码回放不存在" />
      )}
    </div>
  );
}
