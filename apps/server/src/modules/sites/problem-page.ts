import type { Problem } from '@oj/shared';
import { escapeHtml } from '@oj/shared/escape-html';
import { loadMarkdownHtml, markdownHtml } from '../../lib/markdown-html';
import { samplesInText } from '@oj/shared/samples';

/**
 * The first paint of a problem page (issue 28: a phone on a slow link reads the statement and types
 * code before the scripts have arrived). The server writes the statement into the HTML, in a layer
 * over the page (`#oj-prerender`) that the React page removes once it shows the same statement;
 * code typed meanwhile into the layer's plain text box is taken over by the editor. No script runs
 * here: the layer is HTML and CSS, and the data the page would fetch rides along as a JSON data
 * block (`#oj-prerender-data`), which browsers never execute.
 */

/** The problem as the detail API answers it; only what the first paint shows is read. */
type ProblemView = Pick<
  Problem,
  | 'problem_id'
  | 'chinese_name'
  | 'description'
  | 'time_limit'
  | 'memory_limit'
  | 'tags'
  | 'samples'
  | 'judging'
>;

/** A JSON text safe inside a `<script>` element: no `</script>` or `<!--` can end or change it. */
export const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** What a route's first paint adds to the entry page. */
export interface FirstPaint {
  /** Goes into `<head>` (styles; KaTeX's stylesheet when the text has math). */
  head: string;
  /** Goes at the end of `<body>` (the layer, the data block). */
  body: string;
}

/** A problem page's: the layer's style in the head; the layer and the data block in the body. */
export type ProblemFirstPaint = FirstPaint;

/**
 * The first paint of `problem`. `answerJson` is the detail API's answer for a visitor, as sent
 * (the page starts from it instead of asking again); `mathLinks`: the `<link>`s of KaTeX's
 * stylesheet and fonts, added when the statement has math.
 */
export async function problemFirstPaint(
  problem: ProblemView,
  answerJson: string,
  mathLinks: string,
): Promise<ProblemFirstPaint> {
  await loadMarkdownHtml();
  const statement = markdownHtml(problem.description);
  const hasMath = statement.includes('class="katex');
  const samples = samplesInText(problem.description, problem.samples)
    ? ''
    : problem.samples
        .map(
          (s, i) =>
            `<h4>输入 #${i + 1}</h4><pre>${escapeHtml(s.input)}</pre><h4>输出 #${i + 1}</h4><pre>${escapeHtml(s.output)}</pre>`,
        )
        .join('');
  const tags = problem.tags.map((t) => `<span class="oj-pre-tag">${escapeHtml(t.tag_name)}</span>`).join('');
  // An output-only problem takes answer files, not code: no box to type into.
  const editor =
    problem.judging?.type === 'output-only'
      ? '<section class="oj-pre-editor"><p>提交区加载中…</p></section>'
      : '<section class="oj-pre-editor"><textarea id="oj-prerender-code" spellcheck="false" autocomplete="off" aria-label="代码" placeholder="在这里写代码（编辑器正在加载，写下的代码会保留）"></textarea></section>';
  const layer = `<div id="oj-prerender" aria-busy="true">
<div class="oj-pre-head"><a href="/home">字节OJ</a><span>题目加载中…</span></div>
<div class="oj-pre-split">
<section class="oj-pre-statement">
<h3>${problem.problem_id}. ${escapeHtml(problem.chinese_name)}</h3>
<p class="oj-pre-limits">时间限制 ${problem.time_limit} ms · 内存限制 ${problem.memory_limit} MiB</p>
<p>${tags}</p>
<div class="oj-markdown">${statement}</div>${samples ? `<div class="oj-pre-samples"><h3>样例</h3>${samples}</div>` : ''}
</section>
${editor}
</div>
</div>`;
  const data = `{"html":${JSON.stringify(statement)},"answer":${answerJson}}`;
  return {
    head: `${hasMath ? mathLinks : ''}<style>${LAYER_STYLE}</style>`,
    body: `${layer}<script type="application/json" id="oj-prerender-data">${scriptSafe(data)}</script>`,
  };
}

/**
 * The layer's look: the page's own layout in plain CSS (statement left, editor right; one column
 * on a phone), fixed over the page so the React page can build underneath and replace it at once.
 */
const LAYER_STYLE = `#oj-prerender{position:fixed;inset:0;z-index:2000;background:#f5f5f5;display:flex;flex-direction:column;font:14px/1.7 -apple-system,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:rgba(0,0,0,.88);overflow:auto}
.oj-pre-head{flex:none;height:56px;display:flex;align-items:center;gap:16px;padding:0 16px;background:#fff;border-bottom:1px solid #f0f0f0}
.oj-pre-head a{font-size:18px;font-weight:600;color:#1677ff;text-decoration:none}.oj-pre-head span{color:#8c8c8c}
.oj-pre-split{flex:1;display:flex;gap:12px;padding:12px;min-height:0}
.oj-pre-split section{background:#fff;border-radius:8px;padding:16px;min-width:0}
.oj-pre-statement{flex:1;overflow:auto}.oj-pre-editor{flex:1;display:flex}
.oj-pre-statement h3{font-size:20px;margin:0 0 4px}.oj-pre-limits{color:#595959;margin:0}
.oj-pre-tag{display:inline-block;margin:0 4px 4px 0;padding:0 7px;border-radius:4px;background:#e6f4ff;color:#0958d9;font-size:12px}
#oj-prerender pre{background:#f6f8fa;border-radius:6px;padding:8px 12px;overflow:auto;font:13px/1.5 Menlo,Consolas,monospace}
#oj-prerender .oj-copy{display:none}#oj-prerender table{border-collapse:collapse}#oj-prerender td,#oj-prerender th{border:1px solid #d9d9d9;padding:4px 8px}
#oj-prerender-code{flex:1;width:100%;min-height:320px;resize:none;border:1px solid #d9d9d9;border-radius:6px;padding:8px;font:14px/1.5 Menlo,Consolas,monospace;tab-size:4}
@media (max-width:768px){.oj-pre-split{flex-direction:column;flex:none}.oj-pre-statement{overflow:visible}}`;
