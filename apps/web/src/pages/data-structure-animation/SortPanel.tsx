import { useMemo, useState } from 'react';
import Button from '../../components/plain/Button';
import { InputGroup, TextInput, onPressEnter } from '../../components/plain/Form';
import { notify } from '../../lib/notify';
import { Player } from './Player';
import { SortView } from './views';
import { sortRun, type SortKey } from './algorithms/sorting';
import { parseNumbers } from './algorithms/types';

const SORT_MAX = 32;
const randomArray = () => Array.from({ length: 10 }, () => Math.floor(Math.random() * 90) + 10);

/** Array sorting: the user's numbers (or random ones), animated by the chosen algorithm. */
export function SortPanel({ algo }: { algo: SortKey }) {
  const [text, setText] = useState('38 27 43 3 9 82 10 27');
  const [data, setData] = useState<number[]>(() => parseNumbers(text) as number[]);
  const run = useMemo(() => sortRun(algo, data), [algo, data]);

  const apply = (value = text) => {
    const parsed = parseNumbers(value, { max: SORT_MAX });
    if (typeof parsed === 'string') return notify.warning(`数组：${parsed}`);
    setData(parsed);
  };

  return (
    <div>
      <div className="oj-dsa-inputs">
        <div className="oj-dsa-sort-bar">
          <InputGroup>
            <TextInput
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onPressEnter(apply)}
              placeholder="输入要排序的整数，用空格或逗号分隔"
              aria-label="要排序的数组"
              data-testid="sort-input"
            />
            <Button type="primary" onClick={() => apply()} data-testid="sort-apply">
              生成动画
            </Button>
          </InputGroup>
        </div>
        <div className="oj-wrap-row oj-dsa-row">
          <Button
            onClick={() => {
              const a = randomArray();
              setText(a.join(' '));
              setData(a);
            }}
          >
            随机数组
          </Button>
          <span className="oj-dsa-hint">
            最多 {SORT_MAX} 个整数；黄色为正在比较，红色为交换，绿色为已就位。
          </span>
        </div>
      </div>
      <Player run={run}>{(s) => <SortView s={s} />}</Player>
    </div>
  );
}
