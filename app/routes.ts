import { type RouteConfig, route } from '@react-router/dev/routes';
import { uiLanguages } from '../core/languages.ts';
import { type RouteKey, routeTable } from '../core/route-table.ts';

/**
 * Screens that have a route module; each gets one route per language from the route table. The
 * catch-all page route comes from the table too (`/:slug`): React Router ranks static segments above
 * dynamic ones, so `/objave` is the blog and `/o-nama` a page. Paths match case-sensitively: `/EN` or
 * `/OBJAVE` is not another address of a screen (it reaches the page route and answers 404).
 */
const screens: RouteKey[] = [
  'home',
  'page',
  'blog',
  'event',
  'confirmEmail',
  'newsletterUnsubscribe',
  'search',
  'shop',
  'product',
  'login',
  'register',
  'forgotPassword',
  'socialLogin',
  'profile',
  'cart',
  'checkout',
  'checkoutSuccess',
  'checkoutFailure',
  'wishlist',
  'admin',
  'adminComments',
  'adminConsent',
  'cookieSettings',
  'adminMedia',
  'adminTemplates',
  'adminTemplate',
  'adminForms',
  'adminForm',
  'adminCache',
  'adminElements',
  'adminNavigation',
  'adminLogin',
  'adminDeveloper',
  'sectionTool',
];

const localized = screens.flatMap((key) =>
  uiLanguages.map((language) =>
    route(routeTable[key][language], `routes/${key}.tsx`, { id: `${key}.${language}`, caseSensitive: true }),
  ),
);

export default [
  ...localized,
  route('newsletter-signup', 'routes/newsletter-signup.tsx', {
    id: 'newsletter-signup',
    caseSensitive: true,
  }),
  route('logout', 'routes/logout.tsx', { id: 'logout', caseSensitive: true }),
  route('wishlist-toggle', 'routes/wishlist-toggle.tsx', { id: 'wishlist-toggle', caseSensitive: true }),
  route('form-submit', 'routes/form-submit.tsx', { id: 'form-submit', caseSensitive: true }),
  route('comment-submit', 'routes/comment-submit.tsx', { id: 'comment-submit', caseSensitive: true }),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
