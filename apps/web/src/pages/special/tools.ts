/** The tools of Byte专栏 (/special): each a card with a short description. Pages are built per tool. */
export const SPECIAL_TOOLS = [
  {
    path: '/code-replay',
    title: '代码回放',
    icon: 'replay',
    text: '像看视频一样重放自己写代码的过程：播放、暂停、倍速和拖动进度，运行与提交处都有标记。',
  },
  {
    path: '/snippets',
    title: 'C++ 代码片段',
    icon: 'snippets',
    text: '二分、高精度、前缀和与差分、DFS / BFS、Dijkstra、Floyd、离散化……带复杂度说明，一键插入编辑器。',
  },
  {
    path: '/data-structure-animation',
    title: '数据结构动画',
    icon: 'tree',
    text: '排序、栈与队列、链表、二叉搜索树、堆、并查集和图算法的分步动画，伪代码逐行高亮。',
  },
  {
    path: '/markdown',
    title: 'Markdown 编辑器',
    icon: 'markdown',
    text: '边写边预览，支持 KaTeX 公式和代码高亮，自动保存在本地，可导出为 .md 文件。',
  },
  {
    path: '/game',
    title: '小游戏 2048',
    icon: 'game',
    text: '刷题累了？玩一局 2048 放松一下：方向键或在手机上滑动，合并出 2048。',
  },
  {
    path: '/introduction',
    title: '网站介绍',
    icon: 'intro',
    text: '本站能做什么，评测如何进行：支持的语言、编译器版本与参数、时空限制和每种评测结果的含义。',
  },
  {
    path: '/requirements',
    title: '需求模块',
    icon: 'idea',
    text: '想要什么新功能？在这里提需求、给别人的需求投票，看看管理员的处理进度。',
  },
] as const;

export type ToolIcon = (typeof SPECIAL_TOOLS)[number]['icon'];
