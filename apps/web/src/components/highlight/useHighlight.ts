import { useCallback, useState } from 'react';
import { loadHighlight } from '.';

/** Runs `done` once `load` has finished, unless the returned cleanup ran first; a failed load changes nothing. */
export function afterLoad(load: () => Promise<void>, done: () => void): () => void {
  let live = true;
  load().then(
    () => live && done(),
    () => undefined,
  );
  return () => {
    live = false;
  };
}

/**
 * A version that changes when grammars asked for have arrived (a dependency of the colouring), and
 * the effect body that asks for the grammars of the languages a render met uncoloured.
 */
export function useHighlight(): [number, (languages: string[]) => (() => void) | undefined] {
  const [version, setVersion] = useState(0);
  const ask = useCallback(
    (languages: string[]) =>
      languages.length
        ? afterLoad(
            () => loadHighlight(languages),
            () => setVersion((v) => v + 1),
          )
        : undefined,
    [],
  );
  return [version, ask];
}
