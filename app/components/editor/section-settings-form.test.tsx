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

function render(
  type: Parameters<typeof newDraft>[0],
  settings: Record<string, unknown>,
  content: Record<string, unknown> = {},
) {
  return renderToString(
    <I18nextProvider i18n={i18nFor('en')}>
      <SectionSettingsForm
        section={newDraft(type, settings, content, 'k1')}
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
    const cards = [1, 2, 3, 4].map((number) => ({ title: `Card ${number}`, text: '' }));
    const html = render('card-grid', { columns: 3, mediaIds: [7, null, null, null] }, { cards });
    const card = (number: number) => texts.pickers.cardNumber.replace('{{number}}', String(number));
    expect(html.match(/data-testid="setting-image"/g)).toHaveLength(4);
    expect(html).toContain(`aria-label="${texts.pickers.changeImage}: ${card(1)}"`);
    expect(html).toContain(`aria-label="${texts.pickers.chooseImage}: ${card(2)}"`);
    // Icons appear for a section stored without them: as many as it has cards, not the new grid's three.
    expect(html.match(/data-testid="setting-icon"/g)).toHaveLength(4);
    const two = render('card-grid', { columns: 2, mediaIds: [7, null] }, { cards: cards.slice(0, 2) });
    expect(two.match(/data-testid="setting-icon"/g)).toHaveLength(2);
  });

  it("edits the sponsors' logos through the image picker with each sponsor's name and link", () => {
    const logos = [
      { mediaId: 5, name: 'Fond Vedrina', url: 'https://vedrina.example' },
      { mediaId: 6, name: 'Tiskara Bura', url: '' },
    ];
    const html = render('sponsors', { logos });
    const logo = (number: number) => texts.pickers.logoNumber.replace('{{number}}', String(number));
    expect(html.match(/data-testid="setting-logo"/g)).toHaveLength(2);
    expect(html).toContain(`aria-label="${texts.pickers.changeImage}: ${logo(2)}"`);
    expect(html).toContain('value="Fond Vedrina"');
    expect(html).toContain('value="https://vedrina.example"');
    expect(html).toContain(texts.pickers.addLogo);
    // No JSON field for them any more.
    expect(html).not.toContain('<textarea');
  });

  it('edits the latest posts category through the blog category picker', () => {
    const html = render('latest-posts', { limit: 3, categoryId: 4 });
    expect(html).toContain('data-testid="setting-list-postCategories"');
    expect(html).toContain(`${texts.pickers.choose.postCategories}: ${texts.settings.categoryId}`);
    expect(html).not.toContain('value="4"');
  });
});
