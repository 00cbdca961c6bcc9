import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PostCard as PostCardData } from '../../server/modules/cms/cms.contract.ts';
import '../i18n/i18n.server.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { EventCard, type EventRecord, eventDateText, eventTimeText } from './event-card.tsx';
import { PostCard } from './post-card.tsx';

const render = (node: React.ReactNode, language: 'hr' | 'en' = 'en') =>
  renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

const post: PostCardData = {
  id: 7,
  title: 'Reading aloud from day one',
  slug: 'reading-aloud',
  excerpt: 'Babies understand rhythm before words.',
  type: { slug: 'post' },
  media: {
    url: '/media/1/3/MediumSize/reading.jpg/abc',
    width: 720,
    height: 576,
    title: 'A child with a book',
  },
  created_at: '2026-01-01T10:00:00.000Z',
  published_at: '2026-03-05T10:00:00.000Z',
  updated_at: '2026-03-06T09:00:00.000Z',
  user: { displayName: 'Ana' },
  terms: {
    categories: [
      { title: 'Reading', slug: 'reading' },
      { title: 'Early development', slug: 'early-development' },
    ],
    tags: [],
  },
  link: '/en/reading-aloud',
  resourceType: 'post',
  seo: { title: '', description: '' },
  alternates: { en: 'reading-aloud' },
};

const event: EventRecord = {
  id: 12,
  title: 'Saturday picture-book morning',
  slug: 'picture-book-morning',
  link: '/en/event/12',
  status: 'published',
  startEvent: '2026-12-05T09:00:00.000Z',
  endEvent: '2026-12-05T10:30:00.000Z',
  eventAttendees: 30,
  createdAt: '2026-01-10T09:00:00.000Z',
  location: 'Ilica 85, Zagreb',
  contact: '',
  dateText: '',
  timeText: '',
  media: null,
};

describe('PostCard', () => {
  it('shows image, date, categories joined by slashes, title link and a named read-more link', () => {
    const html = render(<PostCard post={post} />);
    expect(html).toContain('src="/media/1/3/MediumSize/reading.jpg/abc"');
    expect(html).toContain('alt="A child with a book"');
    expect(html).toContain('5 March 2026');
    expect(html).toContain('Reading / Early development');
    expect(html).toMatch(
      /<h3[^>]*><a[^>]*href="\/en\/reading-aloud"[^>]*>Reading aloud from day one<\/a><\/h3>/,
    );
    expect(html).toContain('Read more: Reading aloud from day one');
  });

  it('uses a placeholder without media and the heading level asked for', () => {
    const html = render(<PostCard post={{ ...post, media: null }} headingLevel={2} />, 'hr');
    expect(html).not.toContain('<img');
    expect(html).toContain('<h2');
    expect(html).toContain('5. ožujka 2026.');
  });
});

describe('EventCard', () => {
  it('links to the event page in the current language with date, time and place', () => {
    const html = render(<EventCard event={event} />);
    expect(html).toContain('href="/en/event/12"');
    expect(html).toContain('Saturday picture-book morning');
    expect(html).toContain('Ilica 85, Zagreb');
    expect(html).toContain('10:00 – 11:30');
  });

  it('prefers the editor’s date and time texts, else formats the start and end in Zagreb time', () => {
    expect(eventDateText({ ...event, dateText: 'Every Saturday' }, 'en')).toBe('Every Saturday');
    expect(eventTimeText({ ...event, timeText: '10–11.30 h' }, 'en')).toBe('10–11.30 h');
    expect(eventDateText(event, 'hr')).toBe('subota, 5. prosinca 2026.');
    expect(eventTimeText({ ...event, endEvent: null }, 'hr')).toBe('10:00');
    expect(eventDateText({ ...event, endEvent: '2026-12-07T15:00:00.000Z' }, 'en')).toMatch(
      /^Saturday,? 5 December 2026 – Monday,? 7 December 2026$/,
    );
  });
});
