/**
 * An ordered set with positions (a treap whose nodes know their subtree size): insert, delete,
 * the k-th item and the position of an item all in O(log n) expected. The scoreboard keeps one per
 * view, so a verdict moves one participant instead of re-sorting everyone.
 */
interface Node<T> {
  item: T;
  prio: number;
  size: number;
  left: Node<T> | null;
  right: Node<T> | null;
}

const size = <T>(n: Node<T> | null) => (n ? n.size : 0);
const fix = <T>(n: Node<T>) => {
  n.size = 1 + size(n.left) + size(n.right);
  return n;
};

export class OrderTree<T> {
  private root: Node<T> | null = null;
  // A deterministic generator: shapes (and timings) do not depend on Math.random.
  private seed = 0x2545f491;

  /** `cmp` must be a total order (no two distinct items compare equal). */
  constructor(private readonly cmp: (a: T, b: T) => number) {}

  get size(): number {
    return size(this.root);
  }

  private nextPrio(): number {
    let x = this.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.seed = x >>> 0;
    return this.seed;
  }

  /** Splits into (< item) and (>= item). */
  private split(n: Node<T> | null, item: T): [Node<T> | null, Node<T> | null] {
    if (!n) return [null, null];
    if (this.cmp(n.item, item) < 0) {
      const [l, r] = this.split(n.right, item);
      n.right = l;
      return [fix(n), r];
    }
    const [l, r] = this.split(n.left, item);
    n.left = r;
    return [l, fix(n)];
  }

  private merge(a: Node<T> | null, b: Node<T> | null): Node<T> | null {
    if (!a) return b;
    if (!b) return a;
    if (a.prio > b.prio) {
      a.right = this.merge(a.right, b);
      return fix(a);
    }
    b.left = this.merge(a, b.left);
    return fix(b);
  }

  insert(item: T): void {
    const [l, r] = this.split(this.root, item);
    const node: Node<T> = { item, prio: this.nextPrio(), size: 1, left: null, right: null };
    this.root = this.merge(this.merge(l, node), r);
  }

  /** Replaces the content with `sorted` (already in order): O(n), a Cartesian tree on the priorities. */
  build(sorted: readonly T[]): void {
    const stack: Node<T>[] = [];
    for (const item of sorted) {
      const node: Node<T> = { item, prio: this.nextPrio(), size: 1, left: null, right: null };
      let last: Node<T> | null = null;
      while (stack.length && stack[stack.length - 1].prio < node.prio) last = stack.pop()!;
      node.left = last;
      if (stack.length) stack[stack.length - 1].right = node;
      stack.push(node);
    }
    const sizes = (n: Node<T> | null): number => (n ? (n.size = 1 + sizes(n.left) + sizes(n.right)) : 0);
    this.root = stack[0] ?? null;
    sizes(this.root);
  }

  /** Removes the item equal to `item` under `cmp`; false when absent. */
  delete(item: T): boolean {
    const removeFrom = (n: Node<T> | null): [Node<T> | null, boolean] => {
      if (!n) return [null, false];
      const c = this.cmp(item, n.item);
      if (c === 0) return [this.merge(n.left, n.right), true];
      if (c < 0) {
        const [l, ok] = removeFrom(n.left);
        n.left = l;
        return [fix(n), ok];
      }
      const [r, ok] = removeFrom(n.right);
      n.right = r;
      return [fix(n), ok];
    };
    const [root, ok] = removeFrom(this.root);
    this.root = root;
    return ok;
  }

  /** Number of items ordered before `probe` (which need not be in the tree). */
  countBefore(probe: T): number {
    let n = this.root;
    let count = 0;
    while (n) {
      if (this.cmp(n.item, probe) < 0) {
        count += size(n.left) + 1;
        n = n.right;
      } else n = n.left;
    }
    return count;
  }

  /** Items at positions [from, from + count), in order. */
  slice(from: number, count: number): T[] {
    const out: T[] = [];
    const end = Math.min(from + count, this.size);
    const walk = (n: Node<T> | null, offset: number) => {
      if (!n || out.length >= end - from) return;
      const leftSize = size(n.left);
      const pos = offset + leftSize;
      if (from < pos) walk(n.left, offset);
      if (pos >= from && pos < end) out.push(n.item);
      if (pos + 1 < end) walk(n.right, pos + 1);
    };
    walk(this.root, 0);
    return out;
  }
}
