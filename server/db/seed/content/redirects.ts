export const demoRedirects: { from: string; to: string; status: 301 | 302 }[] = [
  { from: '/stara-stranica', to: '/o-nama', status: 301 },
  { from: '/en/old-page', to: '/en/about-us', status: 301 },
  { from: '/novosti', to: '/objave', status: 301 },
  { from: '/en/news', to: '/en/blog', status: 301 },
  { from: '/radionica-otpornost', to: '/otporno-dijete', status: 301 },
  // Temporary: the autumn programme page is not written yet.
  { from: '/jesenske-radionice', to: '/radionice', status: 302 },
];

/** 404s an editor would find in the admin, so that the failed-requests list is not empty. */
export const demoFailedRequests: { path: string; hits: number; daysAgo: number }[] = [
  { path: '/wp-login.php', hits: 37, daysAgo: 60 },
  { path: '/katalog-2019.pdf', hits: 4, daysAgo: 21 },
  { path: '/en/workshop', hits: 2, daysAgo: 3 },
];
