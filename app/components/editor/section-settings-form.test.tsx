import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import '../../i18n/i18n.server.ts';
import { catalogs } from '../../i18n/catalog.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { newDraft } from './draft.ts';
import { SectionSettingsForm } from './section-settings-form.tsx';

const texts = catalogs.en.editor;
// The server render runs no effect: nothing is read through the client.
const api = {} as ApiClient;

function render(type: Parameters<typeof newDraft>[0], settings: Record<string, unknown>) {
  return renderToString(
    <I18nextProvider i18n={i18nFor('en')}>
      <SectionSettingsForm
        section={newDraft(type, settings, {}, 'k1')}
        language="en"
        api={api}
        onApply={() => {}}
        onCancel={() => {}}
      />
    </I18nextProvider>,
  );
}

describe('SectionSettingsForm', () => {
  it('edits an image through the media picker instead of an id field', () => {
    const empty = render('hero', { mediaId: null, overlay: 'dark', align: 'left' });
    expect(empty).toContain(texts.pickers.noImage);
    expect(empty).toContain(`aria-label="${texts.pickers.chooseImage}: ${texts.settings.mediaId}"`);
    expect(empty).not.toMatch(/inputmode="numeric"/i);
    const chosen = render('hero', { mediaId: 42, overlay: 'dark', align: 'left' });
    expect(chosen).toContain(`aria-label="${texts.pickers.changeImage}: ${texts.settings.mediaId}"`);
    expect(chosen).toContain(`aria-label="${texts.pickers.removeImage}: ${texts.settings.mediaId}"`);
  });

  it('gives a card grid stored before icons existed one image and one icon slot per card', () => {
    const html = render('card-grid', { columns: 3, mediaIds: [7, null] });
    const card = (number: number) => texts.pickers.cardNumber.replace('{{number}}', String(number));
    expect(html.match(/data-testid="setting-image"/g)).toHaveLength(2);
    expect(html).toContain(`aria-label="${texts.pickers.changeImage}: ${card(1)}"`);
    expect(html).toContain(`aria-label="${texts.pickers.chooseImage}: ${card(2)}"`);
    // The type's default icons (three cards) appear for a section stored without them.
    expect(html.match(/data-testid="setting-icon"/g)).toHaveLength(3);
  });

  it('edits the latest posts category through the blog category picker', () => {
    const html = render('latest-posts', { limit: 3, categoryId: 4 });
    expect(html).toContain('data-testid="setting-list-postCategories"');
    expect(html).toContain(`${texts.pickers.choose.postCategories}: ${texts.settings.categoryId}`);
    expect(html).not.toContain('value="4"');
  });
});
