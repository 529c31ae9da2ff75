import { getProblem, problemKeys } from '../api/problems';
import { queryClient } from '../lib/Providers';
import { holdEditorsUntil } from '../components/loadOrder';
import { firstPaintHtml } from '../lib/prerender';
import type { Problem } from '../lib/contract';

/** A statement that may hold math (`$…$`): KaTeX is worth starting with it. */
const MAY_HOLD_MATH = /\$[^\s$]/;
/** The languages of a statement's fenced code: their grammars are worth starting with it. */
const FENCE_LANGUAGE = /^ {0,3}(?:```|~~~)[ \t]*([^\s`~]+)/gm;

/**
 * Called by the route of /problems/algorithm/:problemId as the navigation starts, in parallel with
 * the page's own chunk, so nothing waits for a chunk to be parsed before asking for the next thing
 * (on a slow phone link each such step costs a full round trip): the problem's JSON (the query
 * the page reads, so it finds it cached or on its way) and the markdown renderer; KaTeX as soon as
 * the statement shows math, highlight.js as soon as it shows fenced code; the editor's chunk once
 * the statement's data and renderer are in (loadOrder.ts).
 */
export function preloadAlgorithmProblem(id: number) {
  if (!Number.isInteger(id) || id < 1) return;
  const data = queryClient.ensureQueryData({
    queryKey: problemKeys.problem(id),
    queryFn: () => getProblem(id),
  });
  // A statement the server sent rendered (lib/prerender.ts) needs neither renderer nor KaTeX, and
  // the editor need not wait for it.
  const sent = queryClient.getQueryData<Problem>(problemKeys.problem(id));
  if (sent && firstPaintHtml(sent.description) !== null) return;
  const markdown = import('../components/MarkdownBody');
  void data.then(
    (p) => {
      if (MAY_HOLD_MATH.test(p.description))
        void import('../components/markdown').then((m) => m.loadMath()).catch(() => undefined);
      const languages = [...p.description.matchAll(FENCE_LANGUAGE)].map((m) => m[1]);
      if (languages.length)
        void import('../components/highlight').then((m) => m.loadHighlight(languages)).catch(() => undefined);
    },
    () => undefined,
  );
  holdEditorsUntil(Promise.allSettled([data, markdown]));
}
