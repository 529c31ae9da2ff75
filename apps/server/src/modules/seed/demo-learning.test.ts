import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../index';
import { Client, restartableOptions } from '../../../test/helpers';

type Plan = { title: string; kind: string; price_fen: number };
type Posts = { records: { title: string; category: string }[]; total: number };

describe('demo content of the learning and community half', () => {
  it('a first start shows a plan, a paid course and posts; a restart adds nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oj-demo-learning-'));
    const options = { ...restartableOptions(dataDir), seedDemoCommunity: true };
    try {
      for (let start = 0; start < 2; start++) {
        const server = await startServer(options);
        try {
          const visitor = new Client(server.url);
          const plans = (await visitor.get<Plan[]>('/api/study/home')).data;
          expect(plans.map((p) => [p.kind, p.title, p.price_fen]).sort()).toEqual([
            ['course', '图论进阶课', 990],
            ['plan', '算法入门 · 七日计划', 0],
          ]);
          const posts = await visitor.post<Posts>('/api/posts/search', { pageNum: 1, pageSize: 10 });
          expect(posts.data.total).toBe(2);
          expect(posts.data.records.map((p) => p.category).sort()).toEqual(['discussion', 'solution']);
        } finally {
          await server.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
