import { createContext, type ReactNode, use, useEffect } from 'react';

type Frame = { id: string; onHydrated?: () => void };
const IslandFrameContext = createContext<Frame | null>(null);

/**
 * What every island renders inside, on the server (in the page's tree) and in the browser (as its own
 * root): the island's id, and a report when the island has hydrated. It renders no element, so the
 * browser's first render matches the server's HTML.
 */
export function IslandFrame({ id, onHydrated, children }: Frame & { children: ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <IslandFrameContext value={{ id, onHydrated }}>{children}</IslandFrameContext>;
}

/**
 * An element id that is the same on the server and in the browser. React's `useId` is not: the server
 * numbers it by the position in the whole page, the browser by the position in the island's own root.
 */
export function useIslandId(suffix: string): string {
  const frame = use(IslandFrameContext);
  if (!frame) throw new Error('useIslandId is for components rendered inside an <Island>');
  return `${frame.id}${suffix}`;
}
