import { Form, InputNumber } from 'antd';

/**
 * 每人限时 (issue 26 part 2, HydroOJ's 灵活时间): each participant presses 开始 between the start and
 * the end and then has this many minutes, cut at the end; 0 = everyone shares the contest's clock.
 * A window contest has no freeze (the server refuses both), and it changes only before the start.
 */
export default function WindowField({ locked = false }: { locked?: boolean }) {
  return (
    <Form.Item
      name="window_minutes"
      label="每人限时（分钟）"
      extra="0 表示不限时；大于 0 时，每位参赛者在比赛期间点击“开始”后计时，时间到或比赛结束即截止，排名按各自开始后的用时计算（不能同时封榜，比赛开始后不能修改）"
    >
      <InputNumber
        min={0}
        precision={0}
        style={{ width: 180 }}
        disabled={locked}
        data-testid="contest-window"
      />
    </Form.Item>
  );
}
