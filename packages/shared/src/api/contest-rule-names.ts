/**
 * Each contest rule's name and a short explanation, as both sites show them (issue 26; the rules
 * themselves in ranking.ts). Zod-free, so the sites import it without the schemas.
 */
export const CONTEST_RULE_INFO = {
  icpc: { name: 'ICPC 赛制', brief: '按通过题数排名，题数相同时罚时少者优先；实时显示结果，可以封榜。' },
  oi: {
    name: 'OI 赛制',
    brief: '比赛中只显示“已提交”，不显示结果和分数；每题以最后一次提交计分，比赛结束后公布成绩和排名。',
  },
  ioi: { name: 'IOI 赛制', brief: '实时显示得分，每题取得分最高的一次提交；总分相同时先达到该总分者优先。' },
  'ioi-subtask': {
    name: 'IOI 子任务赛制',
    brief: '实时显示得分，每题每个子任务取所有提交中的最高分再相加；总分相同时先达到该总分者优先。',
  },
} as const;

export type ContestRuleName = keyof typeof CONTEST_RULE_INFO;
