import { CONTEST_RULES, type ContestRule } from '@oj/shared';
import type { CompetitionRow } from './tables';

/** A contest's rule (migration 028); an unknown stored value ranks as ICPC, as every older contest. */
export function ruleOf(c: Pick<CompetitionRow, 'rule'>): ContestRule {
  return (CONTEST_RULES as readonly string[]).includes(c.rule) ? (c.rule as ContestRule) : 'icpc';
}

/**
 * Whether an OI contest hides everything now: from its start to its end, its participants (the
 * authors included) see only 已提交, and its board is hidden from them (issue 26).
 */
export function isOiRunning(c: Pick<CompetitionRow, 'rule' | 'start_time' | 'end_time'>, now = Date.now()) {
  return ruleOf(c) === 'oi' && now >= Date.parse(c.start_time) && now < Date.parse(c.end_time);
}
