import { type IslandComponents, type IslandName, islandLoaders } from './registry.ts';

/** Every island's component, loaded once when the server starts: rendering must not wait for imports. */
export const islandComponents = Object.fromEntries(
  await Promise.all(
    (Object.keys(islandLoaders) as IslandName[]).map(async (name) => [name, await islandLoaders[name]()]),
  ),
) as IslandComponents;
