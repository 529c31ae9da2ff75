import { useEffect, useMemo, useRef, useState } from 'react';
import { Descriptions, Segmented, Slider } from 'antd';
import Card from '../../components/plain/Card';
import Result from '../../components/plain/Result';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import Skeleton from '../../components/plain/Skeleton';
import Switch from '../../components/plain/Switch';
import { Tag } from '../../components/plain/Tag';
import { CaretRightOutlined, PauseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ReplayTrack, type ReplayWire } from '@oj/shared/replay';
import type { ReplayDetail } from '../../lib/contract';
import { shareReplay, useRefreshMyReplays, useReplay } from '../../api/replays';
import { notify } from '../../lib/notify';
import CodeEditor from '../../components/CodeEditor';
import { formatClock } from './format';
import './replay.css';

const SPEEDS = [1, 2, 4, 8, 16] as const;

/** Plays one replay: play / pause, 1×–16×, a scrubber with run (自测) and submission (提交) markers. */
export default function ReplayPlayer({ id, submissionId }: { id?: number; submissionId?: number }) {
  const query = useReplay(id, submissionId);
  if (query.isError)
    return (
      <Result
        status="404"
        title="代码回放不存在或未公开"
        subTitle="只有作者和管理员可以查看未分享的回放；比赛进行中的题目暂不公开。"
        extra={<Link to="/code-replay">返回我的回放</Link>}
      />
    );
  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Player detail={query.data} />;
}

function Player({ detail }: { detail: ReplayDetail }) {
  const track = useMemo(() => new ReplayTrack(detail.timeline as ReplayWire), [detail.timeline]);
  const [pos, setPos] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(4);
  const last = useRef<{ count: number; text: string }>({ count: 0, text: detail.timeline.start });

  // The clock: play time advances by speed × real time, one step per frame.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let before = performance.now();
    const step = (now: number) => {
      const dt = (now - before) * speed;
      before = now;
      setPos((p) => {
        const next = Math.min(track.duration, p + dt);
        if (next >= track.duration) setPlaying(false);
        return next;
      });
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, track]);

  const count = track.countAt(pos);
  // Forward from the last frame's text; a jump back starts again from the nearest snapshot.
  const text = useMemo(() => track.textAt(count, last.current), [track, count]);
  useEffect(() => {
    last.current = { count, text };
  }, [count, text]);

  const marks = useMemo(
    () =>
      Object.fromEntries(
        track.marks.map((m) => [
          m.at,
          {
            label: (
              <span
                className={`oj-replay-mark oj-replay-mark-${m.kind}`}
                title={m.kind === 'r' ? '自测' : '提交'}
              >
                {m.kind === 'r' ? '▲' : '★'}
              </span>
            ),
          },
        ]),
      ),
    [track],
  );

  const toggle = () => {
    if (!playing && pos >= track.duration) setPos(0);
    setPlaying(!playing);
  };

  return (
    <div
      className="oj-replay-player"
      data-testid="replay-player"
      data-count={count}
      data-total={track.times.length}
    >
      <ReplayHead detail={detail} />
      <CodeEditor
        value={text}
        onChange={() => undefined}
        language={detail.language}
        readOnly
        height="420px"
      />
      <div className="oj-replay-controls">
        <Button
          type="primary"
          icon={
            playing ? (
              <PauseOutlined />
            ) : pos >= track.duration && pos > 0 ? (
              <ReloadOutlined />
            ) : (
              <CaretRightOutlined />
            )
          }
          onClick={toggle}
          data-testid="replay-play"
          aria-label={playing ? '暂停' : '播放'}
        >
          {playing ? '暂停' : '播放'}
        </Button>
        <Segmented<number>
          value={speed}
          onChange={setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          data-testid="replay-speed"
        />
        <span className="oj-replay-time" data-testid="replay-time">
          {formatClock(pos)} / {formatClock(track.duration)}
        </span>
      </div>
      <Slider
        className="oj-replay-slider"
        min={0}
        max={Math.max(1, track.duration)}
        value={pos}
        marks={marks}
        tooltip={{ formatter: (v) => formatClock(v ?? 0) }}
        onChange={(v) => {
          setPlaying(false);
          setPos(v);
        }}
        data-testid="replay-slider"
      />
      <div className="oj-replay-legend">
        <span className="oj-replay-mark oj-replay-mark-r">▲</span> 自测
        <span className="oj-replay-mark oj-replay-mark-s">★</span> 提交
        <span>停顿超过 2 秒按 2 秒播放</span>
      </div>
    </div>
  );
}

function ReplayHead({ detail }: { detail: ReplayDetail }) {
  const refreshMine = useRefreshMyReplays();
  const [shared, setShared] = useState(detail.shared);
  const toggleShare = async (v: boolean) => {
    try {
      await shareReplay(detail.id, v);
      setShared(v);
      notify.success(v ? '已分享：别人打开链接即可观看' : '已取消分享');
      void refreshMine();
    } catch {
      // toasted by the client
    }
  };
  return (
    <Card size="small" className="oj-replay-head">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        代码回放 #{detail.id}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="题目">
          <Link to={`/problems/algorithm/${detail.problem_id}`}>
            {detail.problem_id}. {detail.problem_name}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="作者">{detail.username}</Descriptions.Item>
        <Descriptions.Item label="语言">{detail.language}</Descriptions.Item>
        <Descriptions.Item label="时长">{formatClock(detail.duration_ms)}</Descriptions.Item>
        <Descriptions.Item label="编辑">{detail.edit_count} 次</Descriptions.Item>
        <Descriptions.Item label="提交记录">
          <Link to={`/problems/${detail.problem_id}/records/${detail.submission_id}`}>
            #{detail.submission_id}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="分享">
          {detail.mine ? (
            <Switch checked={shared} onChange={(v) => void toggleShare(v)} data-testid="replay-share" />
          ) : (
            <Tag>{shared ? '已分享' : '未分享'}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
