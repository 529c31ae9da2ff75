import type { ReactNode } from 'react';
import type { SortState } from './algorithms/sorting';
import type { LinearState } from './algorithms/linear';
import { bstLayout, type BstState } from './algorithms/bst';
import type { HeapState } from './algorithms/heap';
import { forestLayout, type UfState } from './algorithms/union-find';
import { C, fill, stroke, type Tone } from './colors';

/** An SVG that scales to its box's width (phones included) and keeps its aspect. */
export function Svg({ w, h, children, label }: { w: number; h: number; children: ReactNode; label: string }) {
  return (
    <svg viewBox={`0 0 ${w} ${h}`} className="oj-dsa-svg" role="img" aria-label={label}>
      {children}
    </svg>
  );
}

function Box({
  x,
  y,
  w,
  h,
  tone,
  text,
  sub,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  tone: Tone;
  text: string;
  sub?: string;
}) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={6} fill={fill(tone)} stroke={stroke(tone)} strokeWidth={2} />
      <text x={x + w / 2} y={y + h / 2 + 6} textAnchor="middle" fontSize={17} fill={C.text}>
        {text}
      </text>
      {sub !== undefined && (
        <text x={x + w / 2} y={y + h + 16} textAnchor="middle" fontSize={12} fill={C.muted}>
          {sub}
        </text>
      )}
    </g>
  );
}

export function SortView({ s }: { s: SortState }) {
  const n = Math.max(s.a.length, 1);
  const W = 600;
  const slot = W / n;
  const lo = Math.min(0, ...s.a);
  const hi = Math.max(1, ...s.a);
  const H = 200;
  const base = 34 + (hi / (hi - lo)) * H;
  const y = (v: number) => 34 + ((hi - v) / (hi - lo)) * H;
  const tone = (i: number): Tone =>
    s.active.includes(i)
      ? s.kind === 'swap'
        ? 'swap'
        : s.kind === 'write'
          ? 'write'
          : 'compare'
      : s.sorted.includes(i)
        ? 'done'
        : 'idle';
  const auxSlot = Math.min(slot, 50);
  return (
    <Svg w={W} h={320} label="数组">
      {s.range && (
        <rect
          x={s.range[0] * slot}
          y={10}
          width={(s.range[1] - s.range[0] + 1) * slot}
          height={H + 50}
          fill={C.range}
          rx={6}
        />
      )}
      {s.a.map((v, i) => {
        const t = tone(i);
        const top = Math.min(y(v), base);
        return (
          <g key={i}>
            <rect
              x={i * slot + slot * 0.12}
              y={top}
              width={slot * 0.76}
              height={Math.max(Math.abs(base - y(v)), 2)}
              rx={3}
              fill={s.pivot === i ? C.write : fill(t)}
              stroke={s.pivot === i ? C.writeStroke : stroke(t)}
              strokeWidth={2}
            />
            <text
              x={i * slot + slot / 2}
              y={top - 6}
              textAnchor="middle"
              fontSize={n > 24 ? 12 : n > 12 ? 16 : 20}
              fill={C.text}
            >
              {v}
            </text>
            <text
              x={i * slot + slot / 2}
              y={H + 54}
              textAnchor="middle"
              fontSize={n > 24 ? 11 : 15}
              fill={C.muted}
            >
              {i}
            </text>
          </g>
        );
      })}
      {s.aux.length > 0 && (
        <g>
          <text x={4} y={294} fontSize={13} fill={C.muted}>
            {s.aux.length === 1 && s.range === null ? 'key' : 'tmp'}
          </text>
          {s.aux.map((v, k) => (
            <Box key={k} x={40 + k * auxSlot} y={272} w={auxSlot - 4} h={32} tone="write" text={String(v)} />
          ))}
        </g>
      )}
    </Svg>
  );
}

function pointerLabels(s: LinearState, index: number) {
  return s.pointers
    .filter((p) => p.index === index)
    .map((p) => p.label)
    .join(' ');
}

export function StackView({ s, capacity }: { s: LinearState; capacity: number }) {
  const cell = 40;
  const H = capacity * cell + 40;
  return (
    <Svg w={360} h={H} label="栈">
      <path d={`M100 10 V${H - 20} H260 V10`} fill="none" stroke={C.muted} strokeWidth={2} />
      {s.cells.map((v, i) => (
        <g key={i}>
          <Box
            x={106}
            y={H - 24 - (i + 1) * cell}
            w={148}
            h={cell - 4}
            tone={s.active.includes(i) ? 'write' : 'idle'}
            text={String(v)}
          />
          <text x={92} y={H - 24 - i * cell - 14} textAnchor="end" fontSize={12} fill={C.muted}>
            {i}
          </text>
          <text x={268} y={H - 24 - i * cell - 14} fontSize={14} fill={C.idleStroke}>
            {pointerLabels(s, i) && `← ${pointerLabels(s, i)}`}
          </text>
        </g>
      ))}
      {s.floating !== null && <Box x={290} y={10} w={60} h={36} tone="swap" text={String(s.floating)} />}
      <text x={180} y={H - 4} textAnchor="middle" fontSize={12} fill={C.muted}>
        栈底
      </text>
    </Svg>
  );
}

export function QueueView({ s }: { s: LinearState }) {
  const cell = 64;
  return (
    <Svg w={s.cells.length * cell + 20} h={150} label="循环队列">
      {s.cells.map((v, i) => (
        <g key={i}>
          <Box
            x={10 + i * cell}
            y={40}
            w={cell - 6}
            h={44}
            tone={s.active.includes(i) ? 'write' : v === null ? 'idle' : 'done'}
            text={v === null ? '' : String(v)}
            sub={String(i)}
          />
          <text
            x={10 + i * cell + (cell - 6) / 2}
            y={124}
            textAnchor="middle"
            fontSize={13}
            fill={C.idleStroke}
          >
            {pointerLabels(s, i)}
          </text>
        </g>
      ))}
      {s.floating !== null && (
        <g>
          <text x={10} y={26} fontSize={13} fill={C.muted}>
            当前值
          </text>
          <Box x={74} y={2} w={56} h={30} tone="swap" text={String(s.floating)} />
        </g>
      )}
    </Svg>
  );
}

/** Where a list's loose node is drawn: just after p (or prev), i.e. where it goes in or came out. */
function floatingAt(s: LinearState): number {
  const at = s.pointers.find((p) => p.label === 'p' || p.label === 'prev');
  return at ? at.index + 1 : 0;
}

export function ListView({ s }: { s: LinearState }) {
  const step = 88;
  const W = Math.max(s.cells.length * step + 120, 300);
  return (
    <Svg w={W} h={160} label="单链表">
      <text x={10} y={70} fontSize={13} fill={C.muted}>
        head
      </text>
      {s.cells.map((v, i) => (
        <g key={i}>
          <Box
            x={50 + i * step}
            y={48}
            w={56}
            h={36}
            tone={s.active.includes(i) ? 'compare' : 'idle'}
            text={String(v)}
          />
          <line
            x1={106 + i * step}
            y1={66}
            x2={136 + i * step}
            y2={66}
            stroke={C.text}
            strokeWidth={1.5}
            markerEnd="url(#oj-dsa-arrow)"
          />
          <text x={78 + i * step} y={110} textAnchor="middle" fontSize={13} fill={C.idleStroke}>
            {pointerLabels(s, i)}
          </text>
        </g>
      ))}
      <text x={56 + s.cells.length * step} y={71} fontSize={13} fill={C.muted}>
        null
      </text>
      {s.floating !== null && (
        <Box x={50 + floatingAt(s) * step} y={120} w={56} h={32} tone="swap" text={String(s.floating)} />
      )}
      <defs>
        <marker
          id="oj-dsa-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0 L10 5 L0 10 z" fill={C.text} />
        </marker>
      </defs>
    </Svg>
  );
}

interface TreeNode {
  key: string;
  x: number;
  y: number;
  parent: string | null;
  label: string;
  tone: Tone;
}

/** Nodes in grid units (x: column, y: depth) drawn as circles joined to their parents. */
export function TreeView({
  nodes,
  columns,
  label,
  below,
  corner,
}: {
  nodes: TreeNode[];
  columns: number;
  label: string;
  below?: ReactNode;
  /** A note in the top left corner (the value a heap just gave up). */
  corner?: string;
}) {
  const depth = Math.max(0, ...nodes.map((n) => n.y)) + 1;
  const W = Math.max(columns * 48, 300);
  const H = depth * 70 + 20 + (below ? 70 : 0);
  const px = (x: number) => (columns <= 1 ? W / 2 : 24 + x * ((W - 48) / (columns - 1)));
  const py = (y: number) => 30 + y * 70;
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  return (
    <Svg w={W} h={H} label={label}>
      {nodes.map((n) => {
        const p = n.parent === null ? undefined : byKey.get(n.parent);
        return (
          p && (
            <line
              key={`e${n.key}`}
              x1={px(p.x)}
              y1={py(p.y)}
              x2={px(n.x)}
              y2={py(n.y)}
              stroke={C.edge}
              strokeWidth={2}
            />
          )
        );
      })}
      {nodes.map((n) => (
        <g key={n.key}>
          <circle
            cx={px(n.x)}
            cy={py(n.y)}
            r={19}
            fill={fill(n.tone)}
            stroke={stroke(n.tone)}
            strokeWidth={2}
          />
          <text x={px(n.x)} y={py(n.y) + 5} textAnchor="middle" fontSize={14} fill={C.text}>
            {n.label}
          </text>
        </g>
      ))}
      {below && <g transform={`translate(0 ${depth * 70 + 10})`}>{below}</g>}
      {corner && (
        <text x={6} y={18} fontSize={15} fill={C.swapStroke}>
          {corner}
        </text>
      )}
    </Svg>
  );
}

export function BstView({ s }: { s: BstState }) {
  const pos = bstLayout(s);
  const nodes: TreeNode[] = [...pos].map(([id, p]) => ({
    key: String(id),
    x: p.x,
    y: p.y,
    parent: p.parent === null ? null : String(p.parent),
    label: String(s.nodes[id].key),
    tone:
      id === s.changed
        ? 'done'
        : id === s.successor
          ? 'write'
          : id === s.cursor
            ? 'compare'
            : s.path.includes(id)
              ? 'swap'
              : 'idle',
  }));
  if (nodes.length === 0) return <EmptyPicture text="空树：在上方输入数值后点「插入」" />;
  return <TreeView nodes={nodes} columns={nodes.length} label="二叉搜索树" />;
}

function ArrayRow({ values, tone, width }: { values: number[]; tone: (i: number) => Tone; width: number }) {
  const cell = Math.min(44, width / Math.max(values.length, 1));
  return (
    <g>
      {values.map((v, i) => (
        <Box
          key={i}
          x={4 + i * cell}
          y={4}
          w={cell - 4}
          h={34}
          tone={tone(i)}
          text={String(v)}
          sub={String(i)}
        />
      ))}
    </g>
  );
}

export function HeapView({ s }: { s: HeapState }) {
  if (s.a.length === 0 && s.taken === null)
    return <EmptyPicture text="空堆：插入数值，或输入一组数后点「建堆」" />;
  const levels = Math.floor(Math.log2(Math.max(s.a.length, 1))) + 1;
  const columns = 2 ** (levels - 1);
  const tone = (i: number): Tone =>
    s.active.includes(i) ? (s.kind === 'swap' ? 'swap' : 'compare') : 'idle';
  const nodes: TreeNode[] = s.a.map((v, i) => {
    const d = Math.floor(Math.log2(i + 1));
    const k = i + 1 - 2 ** d;
    const span = 2 ** (levels - 1 - d);
    return {
      key: String(i),
      x: k * span + (span - 1) / 2,
      y: d,
      parent: i === 0 ? null : String(Math.floor((i - 1) / 2)),
      label: String(v),
      tone: tone(i),
    };
  });
  return (
    <TreeView
      nodes={nodes}
      columns={columns}
      corner={s.taken === null ? undefined : `取出 ${s.taken}`}
      label="小根堆"
      below={<ArrayRow values={s.a} tone={tone} width={Math.max(columns * 48, 300) - 8} />}
    />
  );
}

export function UfView({ s }: { s: UfState }) {
  const pos = forestLayout(s.parent);
  const columns = Math.max(...pos.map((p) => p.x), 0) + 1;
  const tone = (i: number): Tone =>
    s.active.includes(i) ? 'compare' : s.path.includes(i) ? 'swap' : s.parent[i] === i ? 'done' : 'idle';
  const nodes: TreeNode[] = pos.map((p, i) => ({
    key: String(i),
    x: p.x,
    y: p.y,
    parent: s.parent[i] === i ? null : String(s.parent[i]),
    label: String(i),
    tone: tone(i),
  }));
  return (
    <TreeView
      nodes={nodes}
      columns={columns}
      label="并查集森林"
      below={<ArrayRow values={s.parent} tone={tone} width={Math.max(columns * 48, 300) - 8} />}
    />
  );
}

export function EmptyPicture({ text }: { text: string }) {
  return (
    <div className="oj-dsa-empty" data-testid="empty-picture">
      {text}
    </div>
  );
}
