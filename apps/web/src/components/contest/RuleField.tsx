import { Form, Radio } from 'antd';
import { Typography } from '../plain/Typography';
import { CONTEST_RULE_INFO, type ContestRuleName } from '@oj/shared/api/contest-rule-names';

export const CONTEST_RULE_NAMES = Object.keys(CONTEST_RULE_INFO) as ContestRuleName[];

/** The rule's short explanation under the choice. */
function RuleBrief() {
  const rule = (Form.useWatch('rule') as ContestRuleName | undefined) ?? 'icpc';
  return (
    <Typography.Text type="secondary" data-testid="contest-rule-brief">
      {CONTEST_RULE_INFO[rule].brief}
    </Typography.Text>
  );
}

/**
 * 赛制 in a contest form (the management editor, the user wizard): one of the four rules with its
 * explanation. `locked`: the contest has started, its rule no longer changes.
 */
export default function RuleField({ locked = false }: { locked?: boolean }) {
  return (
    <Form.Item label="赛制" required extra={<RuleBrief />}>
      <Form.Item name="rule" noStyle initialValue="icpc">
        <Radio.Group
          disabled={locked}
          data-testid="contest-rule"
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
        >
          {CONTEST_RULE_NAMES.map((r) => (
            <Radio.Button key={r} value={r} data-testid={`contest-rule-${r}`}>
              {CONTEST_RULE_INFO[r].name}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
    </Form.Item>
  );
}
