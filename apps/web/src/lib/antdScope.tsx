import {
  createContext,
  // eslint-disable-next-line no-restricted-imports -- the one place React's lazy is called (lazyScoped)
  lazy,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/**
 * antd's components read their locale (中文), theme and button spacing from a ConfigProvider above
 * them. The provider and antd's core under it (~30 KB brotli: CSS-in-JS, theme, motion, popups) are
 * not needed by the pages drawn with our plain components (a post, a user's card, the personal
 * centre), so it is not in the layout: each page or lazy part whose module uses antd is wrapped in
 * it when it loads.
 *
 * How a module says it uses antd: the build (vite.config's `antdScope` plugin) adds an import of
 * lib/AntdProvider to every source file that imports from antd, and that module registers itself
 * here when it runs. A page's module runs with everything it imports before the page's `import()`
 * resolves, so by then we know whether antd is in use.
 */
type Provider = ComponentType<{ children: ReactNode }>;

/** True under an antd provider: nested parts need no provider of their own. */
export const InAntdScope = createContext(false);

let registered: Provider | null = null;
/** The wrappers withAntdScope made. */
const scopedParts = new WeakSet<object>();

/** Called once by lib/AntdProvider when its module runs. */
export function registerAntdProvider(provider: Provider) {
  registered = provider;
}

/**
 * The component, wrapped in antd's provider where it is drawn outside one, if antd was in use when
 * its module had loaded (decided then, so the wrapping never changes and the part never remounts).
 */
export function withAntdScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  // A page held back for its access rule comes through lazyPage and then lazyScoped: wrap it once.
  if (!registered || scopedParts.has(Component)) return Component;
  const Provider = registered;
  function Scoped(props: P) {
    const inScope = useContext(InAntdScope);
    return inScope ? (
      <Component {...props} />
    ) : (
      <Provider>
        <Component {...props} />
      </Provider>
    );
  }
  scopedParts.add(Scoped);
  return Scoped;
}

/** React's `lazy` for the sites: the loaded component gets antd's provider if it needs it (above). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` takes any props so
export function lazyScoped<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => load().then((m) => ({ default: withAntdScope(m.default) as T })));
}
