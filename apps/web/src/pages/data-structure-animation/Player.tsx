import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import Button from '../../components/plain/Button';
import {
  CaretRightOutlined,
  LeftOutlined,
  PauseOutlined,
  RightOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import type { Run } from './algorithms/types';
import { NativeSelect } from '../../components/NativeSelect';

const SPEEDS = [0.5, 1, 2, 4, 8];
/** Milliseconds a frame stays at 1×. */
const BASE_DELAY = 900;

/**
 * Plays a run's frames: play / pause, first, back, forward, last, a progress slider and a speed.
 * Stepping back is only showing frames[i - 1]: the frames are computed up front.
 */
export function Player<S>({
  run,
  autoPlay = false,
  children,
}: {
  run: Run<S>;
  autoPlay?: boolean;
  children: (state: S) => ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(autoPlay);
  const [speed, setSpeed] = useState(1);
  // A new run starts from its first frame.
  const [shown, setShown] = useState(run);
  if (shown !== run) {
    setShown(run);
    setIndex(0);
    setPlaying(autoPlay);
  }
  const last = run.frames.length - 1;
  const frame = run.frames[Math.min(index, last)];

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), BASE_DELAY / speed);
    return () => clearTimeout(t);
  }, [playing, index, last, speed]);

  const go = (i: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, i)));
  };
  const toggle = () => {
    if (playing) return setPlaying(false);
    if (index >= last) setIndex(0); // play again from the start
    setPlaying(true);
  };
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input, textarea, .ant-select')) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="oj-dsa-player" onKeyDown={onKey} data-testid="player">
      <div className="oj-dsa-stage">
        <div className="oj-dsa-canvas">{children(frame.state)}</div>
        <div className="oj-dsa-message" data-testid="frame-message" aria-live="polite">
          {frame.message}
        </div>
      </div>
      <div className="oj-dsa-code" data-testid="pseudo">
        <div className="oj-dsa-code-title">{run.title}</div>
        {run.pseudo.length === 0 && (
          <div className="oj-dsa-hint oj-dsa-code-empty">执行一个操作后，这里逐行显示它的伪代码。</div>
        )}
        {run.pseudo.map((text, i) => (
          <div
            key={i}
            className={`oj-dsa-line${i === frame.line ? ' oj-dsa-line-active' : ''}`}
            data-line={i}
            aria-current={i === frame.line ? 'step' : undefined}
          >
            <span className="oj-dsa-line-no">{i + 1}</span>
            <code>{text}</code>
          </div>
        ))}
      </div>
      <div className="oj-dsa-controls">
        <Button
          icon={<VerticalRightOutlined />}
          onClick={() => go(0)}
          disabled={index === 0}
          aria-label="第一步"
          title="第一步"
        />
        <Button
          icon={<LeftOutlined />}
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label="上一步"
          title="上一步（←）"
          data-testid="step-back"
        />
        <Button
          type="primary"
          icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={toggle}
          data-testid="play"
        >
          {playing ? '暂停' : index >= last && last > 0 ? '重播' : '播放'}
        </Button>
        <Button
          icon={<RightOutlined />}
          onClick={() => go(index + 1)}
          disabled={index >= last}
          aria-label="下一步"
          title="下一步（→）"
          data-testid="step-forward"
        />
        <Button
          icon={<VerticalLeftOutlined />}
          onClick={() => go(last)}
          disabled={index >= last}
          aria-label="最后一步"
          title="最后一步"
          data-testid="step-last"
        />
        <NativeSelect
          value={speed}
          onChange={setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          style={{ width: 76 }}
          aria-label="速度"
          data-testid="speed"
        />
        <span className="oj-dsa-progress" data-testid="progress">
          第 {index + 1} / {last + 1} 步
        </span>
        <input
          type="range"
          className="oj-dsa-slider"
          min={0}
          max={Math.max(last, 1)}
          value={index}
          onChange={(e) => go(Number(e.target.value))}
          disabled={last === 0}
          aria-label="进度"
          aria-valuetext={`第 ${index + 1} 步`}
          data-testid="scrub"
        />
      </div>
    </div>
  );
}
