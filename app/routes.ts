import { type RouteConfig, route } from '@react-router/dev/routes';
import { uiLanguages } from '../core/languages.ts';
import { routeTable } from '../core/route-table.ts';

/** One route per screen and language, generated from the route table so that the two never diverge. */
const localized = (Object.keys(routeTable) as (keyof typeof routeTable)[]).flatMap((key) =>
  uiLanguages.map((language) => route(routeTable[key][language], `routes/${key}.tsx`, { id: `${key}.${language}` })),
);

export default [...localized, route('*', 'routes/not-found.tsx', { id: 'not-found' })] satisfies RouteConfig;
