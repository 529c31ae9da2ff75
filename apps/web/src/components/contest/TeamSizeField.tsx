import { Form, InputNumber, Space, Switch } from 'antd';

/** The default and bounds of 每队人数 (packages/shared contest-teams.ts TEAM_LIMITS). */
const SIZE_DEFAULT = 3;
const SIZE_MAX = 10;

/** 团队赛 on/off with its 每队人数 (1–10): the form's `team_size`, 0 = an individual contest. */
function TeamSizeInput({
  value = 0,
  onChange,
  disabled,
}: {
  value?: number;
  onChange?: (v: number) => void;
  disabled?: boolean;
}) {
  return (
    <Space wrap>
      <Switch
        checked={value > 0}
        disabled={disabled}
        checkedChildren="团队赛"
        unCheckedChildren="个人赛"
        onChange={(on) => onChange?.(on ? SIZE_DEFAULT : 0)}
        data-testid="contest-team-switch"
      />
      {value > 0 && (
        <InputNumber
          min={1}
          max={SIZE_MAX}
          precision={0}
          value={value}
          disabled={disabled}
          addonBefore="每队最多"
          addonAfter="人"
          style={{ width: 180 }}
          onChange={(v) => onChange?.(v ?? SIZE_DEFAULT)}
          data-testid="contest-team-size"
        />
      )}
    </Space>
  );
}

/**
 * 团队赛 (issue 26 part 3): participants register as teams of at most this many members, the board
 * ranks teams. A team contest is not rated and has no per-participant window; switching between
 * individual and team is possible only before the start and before anyone joined.
 */
export default function TeamSizeField({ locked = false }: { locked?: boolean }) {
  return (
    <Form.Item
      name="team_size"
      label="比赛形式"
      extra="团队赛：参赛者以队伍报名（队长创建队伍，队友凭邀请码加入），排名按队伍计算；团队赛不计算 Rating，也不能设置每人限时"
    >
      <TeamSizeInput disabled={locked} />
    </Form.Item>
  );
}
