import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import type { ProblemsService } from '../problems';
import { SiteManifest } from './manifest';
import { problemFirstPaint, type ProblemFirstPaint } from './problem-page';
import { markdownToolPaint } from './markdown-page';

/** The page module of /problems/algorithm/:id in the user site (its chunk and imports are preloaded). */
const PROBLEM_PAGE = 'src/pages/problems/algorithm/AlgorithmProblemPage.tsx';
const KATEX_CSS = 'katex/dist/katex.min.css';
/** KaTeX's fonts that nearly every formula uses: asked for with the page, not after its stylesheet. */
const KATEX_FONTS = ['fonts/KaTeX_Main-Regular.woff2', 'fonts/KaTeX_Math-Italic.woff2'];
/** Rendered statements kept (by the detail answer's ETag, so an edit makes a new one). */
const MAX_KEPT = 500;

/** The built user site as read from disk: index.html and the module graph, read again after a rebuild. */
interface Site {
  mtimeMs: number;
  html: string;
  /** `<link>`s of the problem page's scripts and stylesheets. */
  problemLinks: string;
  /** `<link>`s of KaTeX's stylesheet and main fonts, for a statement with math. */
  math: string;
}

/**
 * Entry HTML with a route's first paint in it (issue 28). Only what the viewer may see is ever
 * written into a page: the problem comes from the detail API's cached answer for this viewer (the
 * session cookie comes with the page too), which is null for a hidden or missing problem and for
 * editors; then the plain entry page is sent, as for any route, and the page asks the API.
 */
export class FirstPaints {
  private site: Site | null = null;
  private readonly paints = new Map<string, ProblemFirstPaint>();
  /** /markdown's page, built once per build of the site (its text is the same for everyone). */
  private markdownTool: string | null = null;

  constructor(
    private readonly dist: string,
    private readonly problems: Pick<ProblemsService, 'cachedDetail'>,
  ) {}

  /** The HTML of /problems/algorithm/{id}, or null: send the plain entry page. */
  async problemPage(viewer: Viewer, idText: string): Promise<string | null> {
    const id = Number(idText);
    if (!/^\d{1,9}$/.test(idText) || id < 1) return null;
    const site = this.read();
    if (!site) return null;
    const answer = await this.problems.cachedDetail(viewer, id);
    if (!answer) return null;
    let paint = this.paints.get(answer.etag);
    if (!paint) {
      const problem = (JSON.parse(answer.body) as { data: Problem }).data;
      paint = await problemFirstPaint(problem, answer.body, site.math);
      if (this.paints.size >= MAX_KEPT) this.paints.clear();
      this.paints.set(answer.etag, paint);
    }
    // KaTeX's stylesheet and fonts first: the first paint shows them; the scripts come after.
    return site.html
      .replace('</head>', () => `${paint.head}${site.problemLinks}</head>`)
      .replace('</body>', () => `${paint.body}</body>`);
  }

  /**
   * The HTML of /markdown: the welcome document's preview rendered here, for a first visit (the
   * page's own documents never leave the browser, so only this public text is rendered here).
   */
  async markdownPage(): Promise<string | null> {
    const site = this.read();
    if (!site) return null;
    if (this.markdownTool === null) {
      const paint = await markdownToolPaint(site.math);
      // The build may have been replaced while rendering: kept only for the site it was made for.
      if (this.site !== site) return null;
      this.markdownTool = site.html
        .replace('</head>', () => `${paint.head}</head>`)
        .replace('</body>', () => `${paint.body}</body>`);
    }
    return this.markdownTool;
  }

  /** index.html and the manifest, read again when a build has replaced them (a deploy while serving). */
  private read(): Site | null {
    const path = join(this.dist, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return null;
    }
    if (this.site?.mtimeMs === mtimeMs) return this.site;
    const manifest = SiteManifest.read(this.dist);
    const { scripts, styles } = manifest.pageAssets(PROBLEM_PAGE);
    const problemLinks = [
      ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ].join('');
    const css = manifest.fileOf(KATEX_CSS);
    const fonts = KATEX_FONTS.map((f) => manifest.fileOf(f)).filter((f) => f !== null);
    const math = css
      ? `<link rel="stylesheet" href="${css}">${fonts.map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${f}">`).join('')}`
      : '';
    this.site = { mtimeMs, html: readFileSync(path, 'utf8'), problemLinks, math };
    this.paints.clear();
    this.markdownTool = null;
    return this.site;
  }
}
