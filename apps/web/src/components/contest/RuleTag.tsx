import Tip from '../../layout/Tip';
import { Tag } from '../plain/Tag';
import { CONTEST_RULE_INFO, type ContestRuleName } from '@oj/shared/api/contest-rule-names';

/**
 * The rule as a tag on the contest page, its explanation on hover (the CSS Tip: a tag on a contest
 * page need not bring antd's Tooltip, nor the contest form's Radio and Form with RuleField).
 */
export function RuleTag({ rule }: { rule: ContestRuleName }) {
  return (
    <Tip title={CONTEST_RULE_INFO[rule].brief} wide>
      <Tag
        color={rule === 'icpc' ? 'geekblue' : rule === 'oi' ? 'purple' : 'cyan'}
        data-testid="contest-rule-tag"
      >
        {CONTEST_RULE_INFO[rule].name}
      </Tag>
    </Tip>
  );
}
