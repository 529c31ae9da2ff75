import { CommentInput, CourseAddRequest, PostInput, Role, type PostInputRaw } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { DemoLearningDeps } from './deps';

/**
 * First-start content of the learning and community half, so that a fresh install shows a study
 * plan, a paid course (bought through the sandbox checkout) and a few posts instead of empty
 * pages. Each part is created only while its kind is empty: an install whose admins made their own
 * plans or whose users posted is left alone. Uses the demo problems 1000–1009 and demo users.
 */
export async function seedDemoLearning(d: DemoLearningDeps): Promise<void> {
  const boss: Viewer = { uuid: 0, role: Role.Admin, isBoss: true, sessionId: null };
  if ((await d.courses.home(boss)).length === 0) {
    for (const plan of DEMO_PLANS) await d.courses.save(CourseAddRequest.parse(plan));
  }
  const alice = await d.users.byAccount('demo_alice');
  const bob = await d.users.byAccount('demo_bob');
  if (!alice || !bob) return;
  const posts = await d.forum.search(boss, { pageNum: 1, pageSize: 1, sort: 'new' });
  if (posts.total > 0) return;
  const asUser = (uuid: number): Viewer => ({ uuid, role: Role.User, isBoss: false, sessionId: null });
  for (const post of DEMO_POSTS) {
    const post_id = await d.forum.add(asUser(alice.id), PostInput.parse(post));
    await d.forum.addComment(asUser(bob.id), CommentInput.parse({ post_id, content: DEMO_COMMENT }));
  }
}

const DEMO_PLANS: CourseAddRequest[] = [
  {
    kind: 'plan',
    title: '算法入门 · 七日计划',
    description: '从输入输出到动态规划：每天一章，读完讲解再做题，一周入门竞赛编程。',
    sections: [
      {
        title: '输入输出与模拟',
        lessons: [
          {
            title: '读入与输出',
            content:
              '评测机从**标准输入**给数据，从**标准输出**收答案。\n\n```cpp\nint a, b;\nstd::cin >> a >> b;\nstd::cout << a + b << "\\n";\n```\n\n多余的提示文字会让答案错误。',
          },
        ],
        problems: [{ problem_id: 1000 }, { problem_id: 1008 }],
      },
      {
        title: '高精度与取模',
        requires: [0],
        lessons: [
          {
            title: '大数怎么存',
            content: '超过 `long long` 的整数按位存进数组，从低位到高位逐位相加并处理进位。',
          },
        ],
        problems: [{ problem_id: 1007 }, { problem_id: 1001 }],
      },
      {
        title: '动态规划初步',
        requires: [1],
        lessons: [
          {
            title: '状态与转移',
            content: '先定义状态 $f_i$ 的含义，再写出转移；01 背包是 $f_j = \\max(f_j, f_{j-w} + v)$，$j$ 倒序枚举。',
          },
        ],
        problems: [{ problem_id: 1004 }, { problem_id: 1003 }],
      },
    ],
  },
  {
    kind: 'course',
    title: '图论进阶课',
    description: '最短路、并查集与拓扑排序，配套讲解与练习。第一课免费试看，购买后解锁全部课时。',
    price_fen: 990,
    sections: [
      {
        title: '图的存储与遍历',
        lessons: [
          { title: '邻接表', content: '用 `vector<int> g[N]` 存图，遍历一个点的出边只需 $O(\\deg)$。' },
          { title: '拓扑排序', content: '不断取出入度为 0 的点（Kahn 算法），取不完说明有环。' },
        ],
        problems: [{ problem_id: 1009 }],
      },
      {
        title: '最短路与并查集',
        lessons: [
          { title: 'Dijkstra', content: '边权非负时，用小根堆每次取出距离最小的点松弛其出边，复杂度 $O(m \\log m)$。' },
          { title: '并查集', content: '路径压缩加按秩合并，单次操作近乎常数。' },
        ],
        problems: [{ problem_id: 1002 }, { problem_id: 1005 }],
      },
    ],
  },
];

const DEMO_POSTS: PostInputRaw[] = [
  {
    title: 'A+B 问题题解：注意读入方式',
    category: 'solution',
    problem_id: 1000,
    tags: ['入门'],
    content:
      '直接读入两个整数相加即可。\n\n```cpp\n#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << "\\n";\n}\n```\n\n用 `long long` 防止溢出。',
  },
  {
    title: '欢迎来到讨论区',
    category: 'discussion',
    content: '在这里交流解题思路、比赛心得和学习计划。发帖前请先搜索，回复时可以用 @账号 提醒对方。',
  },
];

const DEMO_COMMENT = '写得很清楚，谢谢分享！';
