import { Form, Input, Switch } from 'antd';
import { EXAM_LIMITS, parseCidr } from '@oj/shared/api/exam-cidr';

/** The exam settings as the form holds them: ranges one per line. */
export interface ExamFormValues {
  exam_mode?: boolean;
  exam_ips_text?: string;
}

/** The ranges of the text area, one per line, blank lines skipped. */
export const rangesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 考试模式 and 允许的 IP 段 of a contest (issue 26): while it runs its participants reach only its
 * pages, and only from these ranges when some are listed. Checked here as the server checks them.
 */
export default function ExamFields() {
  const examMode = Form.useWatch<boolean | undefined>('exam_mode', Form.useFormInstance());
  return (
    <>
      <Form.Item
        name="exam_mode"
        label="考试模式"
        valuePropName="checked"
        extra="比赛进行期间，参赛者只能访问本场比赛的页面（题库、讨论、搜索、私信等都不能访问），比赛结束后自动解除；管理员不受限制。"
      >
        <Switch checkedChildren="开启" unCheckedChildren="关闭" data-testid="exam-mode-switch" />
      </Form.Item>
      {examMode && (
        <Form.Item
          name="exam_ips_text"
          label="允许的 IP 段"
          extra="每行一个 CIDR，支持 IPv4 和 IPv6（例如 10.1.0.0/16、2001:db8::/32）；留空表示不限 IP。IP 段之外的参赛者在比赛期间无法使用本场比赛。"
          rules={[
            {
              validator: async (_, text: string | undefined) => {
                const ranges = rangesOf(text);
                if (ranges.length > EXAM_LIMITS.ipRangesMax)
                  throw new Error(`允许的 IP 段最多 ${EXAM_LIMITS.ipRangesMax} 项`);
                const bad = ranges.find((r) => parseCidr(r) === null);
                if (bad)
                  throw new Error(
                    `允许的 IP 段「${bad}」不是有效的 CIDR（例如 10.1.0.0/16 或 2001:db8::/32）`,
                  );
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={'10.1.0.0/16\n2001:db8::/32'} data-testid="exam-ips" />
        </Form.Item>
      )}
    </>
  );
}
