import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { MediaItemView } from '../../server/modules/media/media.contract.ts';
import '../i18n/i18n.server.ts';
import { catalogs } from '../i18n/catalog.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { MediaPickerField, pickedFrom } from './media-picker.tsx';

const item: MediaItemView = {
  id: 9,
  title: 'Classroom',
  originalName: 'classroom.jpg',
  mime: 'image/jpeg',
  extension: 'jpg',
  kind: 'image',
  size: 1000,
  width: 1200,
  height: 800,
  folderId: null,
  access: 'public',
  fromPublic: false,
  url: '/media/1/9/LargeSize/classroom.jpg/abc',
  thumbnailUrl: '/media/1/9/SmallSize/classroom.jpg/abc',
  texts: {
    hr: { title: 'Učionica', description: '', alt: 'Djeca u učionici' },
    en: { title: 'Classroom', description: '', alt: '' },
  },
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('pickedFrom', () => {
  it('gives the alt text of the page language, else the first language that has one', () => {
    expect(pickedFrom(item, 'hr').alt).toBe('Djeca u učionici');
    expect(pickedFrom(item, 'en')).toMatchObject({ id: 9, alt: 'Djeca u učionici', url: item.url });
    const withEnglish = {
      ...item,
      texts: { ...item.texts, en: { title: 'C', description: '', alt: 'Kids' } },
    };
    expect(pickedFrom(withEnglish, 'en').alt).toBe('Kids');
  });
});

describe('MediaPickerField', () => {
  it('posts the chosen id with the form and shows its preview; the opener waits for JavaScript', () => {
    const html = renderToString(
      <I18nextProvider i18n={i18nFor('en')}>
        <MediaPickerField language="en" name="imageId" label="Section image" value={pickedFrom(item, 'en')} />
      </I18nextProvider>,
    );
    expect(html).toContain('name="imageId" value="9"');
    expect(html).toContain(`src="${item.thumbnailUrl}"`);
    expect(html).toContain('alt="Djeca u učionici"');
    expect(html).toMatch(new RegExp(`<button[^>]*hidden=""[^>]*>${catalogs.en.media.picker.open}</button>`));
  });
});
