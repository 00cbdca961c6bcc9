import type { ImageSpec } from '../images.ts';

/**
 * Images the pages, navigation and layout elements refer to by key. Covers of posts and events are
 * derived from their own data in content-seed.ts.
 */
export const layoutImages: ImageSpec[] = [
  { key: 'logo', kind: 'logo', title: 'Učionica za roditelje', palette: 'sunrise' },
  {
    key: 'hero-home',
    kind: 'cover',
    title: 'Zajedno odgajamo otpornu djecu',
    description: 'Roditelji i djeca na radionici Učionice za roditelje',
    palette: 'sunrise',
  },
  {
    key: 'hero-about',
    kind: 'cover',
    title: 'O nama',
    description: 'Tim Učionice za roditelje',
    palette: 'meadow',
  },
  { key: 'hero-team', kind: 'cover', title: 'Naš tim', description: 'Članovi tima udruge', palette: 'sky' },
  { key: 'hero-partners', kind: 'cover', title: 'Partneri i podržavatelji', palette: 'lavender' },
  { key: 'hero-workshops', kind: 'cover', title: 'Radionice za roditelje', palette: 'honey' },
  { key: 'hero-resilient', kind: 'cover', title: 'Otporno dijete', palette: 'coral' },
  { key: 'hero-contact', kind: 'cover', title: 'Kontakt', palette: 'meadow' },
  { key: 'hero-legal', kind: 'cover', title: 'Pravne informacije', palette: 'sky' },
  ...[
    ['photo-workshop', 'Roditelji u krugu na radionici', 'sunrise'],
    ['photo-reading', 'Čitanje slikovnice u dječjem kutku', 'honey'],
    ['photo-screens', 'Obitelj dogovara medijski plan', 'sky'],
    ['photo-play', 'Djeca se igraju kockama', 'meadow'],
    ['photo-talk', 'Predavanje za roditelje', 'lavender'],
    ['photo-outdoor', 'Obiteljsko druženje u parku', 'coral'],
  ].map(([key, title, palette]) => ({
    key: key!,
    kind: 'photo' as const,
    title: title!,
    palette: palette as ImageSpec['palette'],
  })),
  ...teamMembers().map((member) => ({
    key: member.key,
    kind: 'portrait' as const,
    title: member.name,
    description: member.name,
  })),
  ...sponsorList().map((sponsor) => ({ key: sponsor.key, kind: 'sponsor' as const, title: sponsor.name })),
];

export function teamMembers() {
  return [
    {
      key: 'team-marija',
      name: 'Marija Horvat',
      role: { hr: 'Predsjednica udruge, pedagoginja', en: 'President, educational specialist' },
    },
    {
      key: 'team-ivana',
      name: 'Ivana Kovačević',
      role: { hr: 'Psihologinja, voditeljica radionica', en: 'Psychologist, workshop leader' },
    },
    {
      key: 'team-tomislav',
      name: 'Tomislav Babić',
      role: { hr: 'Logoped, program ranog razvoja', en: 'Speech therapist, early development programme' },
    },
    {
      key: 'team-petra',
      name: 'Petra Jurić',
      role: { hr: 'Koordinatorica volontera', en: 'Volunteer coordinator' },
    },
  ];
}

export function sponsorList() {
  return [
    { key: 'sponsor-mali-koraci', name: 'Zaklada Mali koraci', url: 'https://mali-koraci.example' },
    { key: 'sponsor-lastavica', name: 'Knjižara Lastavica', url: 'https://lastavica.example' },
    { key: 'sponsor-vedrina', name: 'Fond Vedrina', url: 'https://vedrina.example' },
    { key: 'sponsor-bura', name: 'Tiskara Bura', url: 'https://tiskara-bura.example' },
    { key: 'sponsor-suncani-dom', name: 'Udruga Sunčani dom', url: 'https://suncani-dom.example' },
  ];
}
