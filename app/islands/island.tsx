import { type ComponentType, createContext, createElement, use, useId } from 'react';
import { IslandFrame } from './frame.tsx';
import type { IslandComponents, IslandName, IslandProps } from './registry.ts';

/** The loaded island components; entry.server provides them (islands.server.ts). */
export const IslandComponentsContext = createContext<IslandComponents | null>(null);

/** The element an island's HTML lives in: the browser hydrates its content as a root of its own. */
export const ISLAND_TAG = 'island-root';

/**
 * Renders an interactive component on the server inside an `<island-root>` element that carries its
 * name and props, from which the browser hydrates it (entry.client.tsx). The element takes no box
 * (`display: contents`), so it changes no layout.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const components = use(IslandComponentsContext);
  const id = useId();
  if (!components) throw new Error(`<Island name="${name}"> needs IslandComponentsContext (entry.server)`);
  const Component = components[name] as unknown as ComponentType<Record<string, unknown>>;
  return createElement(
    ISLAND_TAG,
    { 'data-island': name, 'data-id': id, 'data-props': JSON.stringify(props), className: 'contents' },
    <IslandFrame id={id}>
      <Component {...(props as Record<string, unknown>)} />
    </IslandFrame>,
  );
}
