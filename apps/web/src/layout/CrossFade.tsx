import { Component, createRef, type ReactNode } from 'react';

/** How long the old page takes to fade out (the new one fades in over the same time, styles.css). */
const FADE_MS = 300;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Shows `node` (a copy of the page being left) over the new page while it fades out, then drops
 * it. The copy lives in a closed shadow root with copies of the page's style sheets: it looks like
 * the old page but is no part of the document's tree for scripts, assistive technology or tests
 * (no duplicate ids, test ids or texts), and takes no pointer events.
 */
function fadeOut(layer: HTMLElement, node: Node): void {
  const host = document.createElement('div');
  host.className = 'oj-page-leaving';
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  const root = host.attachShadow({ mode: 'closed' });
  for (const sheet of document.querySelectorAll('style, link[rel="stylesheet"]'))
    root.appendChild(sheet.cloneNode(true));
  root.appendChild(node);
  layer.appendChild(host);
  const done = () => host.remove();
  host.addEventListener('animationend', done, { once: true });
  setTimeout(done, FADE_MS + 200);
}

/**
 * SPEC §2: pages cross-fade when switching. The new page fades in (`.oj-page-fade`); this keeps a
 * copy of the old one on top, fading out at the same time. The copy is taken just before React
 * replaces the page (getSnapshotBeforeUpdate, hence a class). Nothing moves when the user asks
 * for reduced motion.
 */
export default class CrossFade extends Component<{ routeKey: string; children: ReactNode }> {
  private stage = createRef<HTMLDivElement>();
  private ghosts = createRef<HTMLDivElement>();

  override getSnapshotBeforeUpdate(prev: { routeKey: string }): Node | null {
    const stage = this.stage.current;
    if (prev.routeKey === this.props.routeKey || !stage || reducedMotion()) return null;
    const shown = [...stage.children].find(
      (c): c is HTMLElement => c instanceof HTMLElement && !c.hidden && c !== this.ghosts.current,
    );
    if (!shown) return null;
    const copy = shown.cloneNode(true) as HTMLElement;
    // A copied frame or player would load (or play) again: the copy keeps only what is drawn.
    for (const el of copy.querySelectorAll('iframe, video, audio, object, embed')) el.remove();
    return copy;
  }

  override componentDidUpdate(_prev: unknown, _state: unknown, snapshot: Node | null): void {
    if (snapshot && this.ghosts.current) fadeOut(this.ghosts.current, snapshot);
  }

  override render() {
    return (
      <div className="oj-page-stage" ref={this.stage}>
        {this.props.children}
        <div className="oj-page-ghosts" ref={this.ghosts} />
      </div>
    );
  }
}
