import { indexTags, type TagCategory, type TagLike } from './tag-index';

/**
 * Tags of the math / 408 question bank (SPEC §3: tag_id 1 is calculus).
 * Ids 1–7 are the subjects themselves; a topic's id is `category id * 100 + position`, so topics
 * may only be appended at the end of their list (inserting would renumber stored questions' tags).
 */
export type Math408Tag = TagLike;

export const MATH408_TAG_CATEGORIES: readonly TagCategory[] = [
  { category_id: 1, category_name: '高等数学' },
  { category_id: 2, category_name: '线性代数' },
  { category_id: 3, category_name: '概率论与数理统计' },
  { category_id: 4, category_name: '数据结构' },
  { category_id: 5, category_name: '计算机组成原理' },
  { category_id: 6, category_name: '操作系统' },
  { category_id: 7, category_name: '计算机网络' },
];

const TOPICS: ReadonlyArray<readonly [categoryId: number, subject: readonly [number, string], topics: string[]]> = [
  [1, [1, '微积分'], ['函数、极限与连续', '导数与微分', '微分中值定理', '导数的应用', '不定积分', '定积分', '反常积分', '定积分的应用', '多元函数微分学', '二重积分', '三重积分', '曲线积分与曲面积分', '无穷级数', '常微分方程', '向量代数与空间解析几何']],
  [2, [2, '线性代数'], ['行列式', '矩阵及其运算', '逆矩阵与初等变换', '矩阵的秩', '向量组的线性相关性', '线性方程组', '特征值与特征向量', '相似对角化', '二次型', '正定矩阵']],
  [3, [3, '概率论与数理统计'], ['随机事件与概率', '条件概率与独立性', '一维随机变量及其分布', '多维随机变量及其分布', '随机变量的数字特征', '大数定律与中心极限定理', '数理统计的基本概念', '参数估计', '假设检验']],
  [4, [4, '数据结构'], ['算法与时间复杂度', '线性表', '栈、队列和数组', '串与模式匹配', '树与二叉树', '二叉树遍历', '线索二叉树', '哈夫曼树', '并查集', '图的存储与遍历', '最小生成树', '最短路径', '拓扑排序与关键路径', '顺序查找与折半查找', '二叉排序树与平衡二叉树', 'B树与B+树', '散列表', '内部排序', '外部排序', '算法设计题']],
  [5, [5, '计算机组成原理'], ['计算机系统概述', '数制与编码', '定点数的表示与运算', '浮点数的表示与运算', '存储器层次结构', '主存储器', 'Cache', '虚拟存储器', '指令系统', '寻址方式', 'CPU的功能与结构', '数据通路与控制器', '指令流水线', '总线', 'I/O方式', '中断与DMA']],
  [6, [6, '操作系统'], ['操作系统概述', '进程与线程', '处理机调度', '进程同步与互斥', '信号量与PV操作', '死锁', '内存管理', '分页与分段', '虚拟内存与页面置换', '文件系统', '磁盘组织与调度', 'I/O管理']],
  [7, [7, '计算机网络'], ['体系结构与参考模型', '物理层', '数据链路层', '滑动窗口与可靠传输', '介质访问控制', '局域网与以太网', '网络层', 'IPv4与子网划分', '路由算法与路由协议', 'IPv6', '传输层', 'UDP', 'TCP', 'TCP拥塞控制', '应用层', 'DNS', 'HTTP']],
];

export const MATH408_TAGS: readonly Math408Tag[] = TOPICS.flatMap(([categoryId, [subjectId, subjectName], topics]) => {
  const category = MATH408_TAG_CATEGORIES.find((c) => c.category_id === categoryId)!.category_name;
  return [
    { tag_id: subjectId, tag_name: subjectName, category },
    ...topics.map((tag_name, i) => ({ tag_id: categoryId * 100 + i + 1, tag_name, category })),
  ];
});

/** Lookups by id and by category for the math / 408 bank. */
export const math408TagIndex = indexTags(MATH408_TAGS, MATH408_TAG_CATEGORIES);

/** The two kinds of the bank: 数学 (categories 1–3) and 408 (categories 4–7, the CS exam). */
export type Math408Subject = 'math' | '408';

/** A tag's category: subjects 1–7 are their own category, topics are `category * 100 + n`. */
const categoryOfTag = (tagId: number) => (tagId < 100 ? tagId : Math.floor(tagId / 100));

/**
 * What a question belongs to, from its tags: 'math', '408', or null when its tags name no subject
 * or name both (a question must be tagged before a math or 408 contest can list it).
 */
export function subjectOfTags(tagIds: readonly number[]): Math408Subject | null {
  const kinds = new Set<Math408Subject>();
  for (const id of tagIds) {
    const c = categoryOfTag(id);
    if (c >= 1 && c <= 3) kinds.add('math');
    else if (c >= 4 && c <= 7) kinds.add('408');
  }
  return kinds.size === 1 ? [...kinds][0] : null;
}

/** Every tag id of a subject (its categories' subjects and topics): a search by subject. */
export function tagIdsOfSubject(subject: Math408Subject): number[] {
  return MATH408_TAGS.filter((t) => {
    const c = categoryOfTag(t.tag_id);
    return subject === 'math' ? c <= 3 : c >= 4;
  }).map((t) => t.tag_id);
}
