import { DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { COMPETITION_LIMIT_VALUES } from '../../lib/contestLimits';
import { nameRule } from '../../lib/nameRule';
import '../../lib/dayjsLocale';

export interface InfoFormValues {
  name: string;
  description?: string;
  range: [Dayjs, Dayjs];
  password?: string;
  freeze_minutes?: number;
}

/** The fields of a contest's basic information (the wizard's first step, math/408 page, management editor). */
export default function ContestInfoFields({
  withFreeze = true,
  editing = false,
}: {
  withFreeze?: boolean;
  editing?: boolean;
}) {
  return (
    <>
      <Form.Item
        name="name"
        label="比赛名称"
        rules={[
          { required: true, whitespace: true, message: '请填写比赛名称' },
          {
            max: COMPETITION_LIMIT_VALUES.nameMax,
            message: `比赛名称不能超过 ${COMPETITION_LIMIT_VALUES.nameMax} 个字符`,
          },
          nameRule('比赛名称'),
        ]}
      >
        <Input placeholder="例如：第一届校赛" data-testid="contest-name" />
      </Form.Item>
      <Form.Item
        name="range"
        label="比赛时间"
        rules={[
          { required: true, message: '请选择开始和结束时间' },
          {
            validator: (_, v: [Dayjs, Dayjs] | undefined) =>
              !v || v[1].valueOf() - v[0].valueOf() <= COMPETITION_LIMIT_VALUES.durationMaxMs
                ? Promise.resolve()
                : Promise.reject(new Error('比赛时长不能超过 30 天')),
          },
        ]}
      >
        {/* needConfirm off: a typed or picked time counts at once, not only after 确定 (issue 29). */}
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={['开始时间', '结束时间']}
          needConfirm={false}
          data-testid="contest-range"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label="报名密码"
        extra={editing ? '留空则保持原密码不变' : '留空则所有人都可以报名'}
      >
        <Input.Password
          placeholder="可选"
          maxLength={COMPETITION_LIMIT_VALUES.passwordMax}
          autoComplete="new-password"
          data-testid="contest-password"
        />
      </Form.Item>
      {withFreeze && (
        <Form.Item name="freeze_minutes" label="封榜时长（分钟）" extra="比赛最后多少分钟封榜，0 表示不封榜">
          <InputNumber min={0} precision={0} style={{ width: 180 }} data-testid="contest-freeze" />
        </Form.Item>
      )}
      <Form.Item name="description" label="比赛说明（Markdown）">
        <Input.TextArea
          rows={6}
          placeholder="比赛规则、公告等，支持 Markdown 与数学公式"
          data-testid="contest-description"
        />
      </Form.Item>
    </>
  );
}
