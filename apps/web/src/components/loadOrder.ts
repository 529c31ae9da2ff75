/**
 * Statement first (issue 28): on a slow link the code editor (Ace, the largest download of a solving
 * page) waits until what the reader came for has arrived, instead of sharing the bandwidth with it.
 * A route that shows text first sets the gate (router/preload.ts); an editor opened anywhere else
 * finds it open.
 */
let gate: Promise<unknown> = Promise.resolve();

/** Editors load after `ready` has settled (fulfilled or not). */
export function holdEditorsUntil(ready: Promise<unknown>) {
  gate = ready.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles when an editor may start loading. */
export const editorsMayLoad = (): Promise<unknown> => gate;
