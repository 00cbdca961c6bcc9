import { use } from 'react';
import { UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';

/**
 * The page's only scripts (instead of React Router's `<Scripts>`): the island entry and the modules it
 * imports, preloaded at low priority so that on a slow connection the largest image gets the bandwidth
 * first (docs/decisions/0122-script-priority.md). No route modules, no loader data: the browser never
 * runs the router (docs/decisions/0180-islands.md). In development Vite's HMR runtime comes first.
 */
export function IslandScripts() {
  const framework = use(FrameworkContext);
  if (!framework) return null;
  const { manifest, nonce } = framework;
  const hmr = manifest.hmr?.runtime;
  return (
    <>
      {manifest.entry.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />
      ))}
      {hmr ? (
        <script
          type="module"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: two import statements of our own URLs
          dangerouslySetInnerHTML={{
            __html: `import ${JSON.stringify(hmr)};import ${JSON.stringify(manifest.entry.module)};`,
          }}
        />
      ) : (
        <script type="module" src={manifest.entry.module} nonce={nonce} />
      )}
    </>
  );
}
