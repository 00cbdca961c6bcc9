import { describe, expect, it } from 'vitest';
import { applyElementForm, elementFields } from './element-fields.ts';

const footer = {
  meta: { logoMediaId: 7, aboutText: 'About', text: '<p>Hi</p>' },
  mobileMeta: {},
  options: { showNewsletter: true, footerNavigations: ['footer1', 'footer2'] },
  mobileOptions: {},
  parts: {
    sponsors: { description: 'Thanks', logos: [{ mediaId: 3, name: 'A', url: 'https://a.example' }] },
  },
};

describe('element fields', () => {
  it('offers the texts and switches with a form name per place, not the media ids', () => {
    const fields = elementFields(footer);
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['meta.aboutText', 'text'],
      ['meta.text', 'html'],
      ['options.showNewsletter', 'switch'],
      ['options.footerNavigations.0', 'text'],
      ['options.footerNavigations.1', 'text'],
      ['parts.sponsors.description', 'text'],
      ['parts.sponsors.logos.0.name', 'text'],
      ['parts.sponsors.logos.0.url', 'text'],
    ]);
  });

  it('puts posted values in place and returns only the parts that changed', () => {
    const posted: Record<string, string> = {
      'meta.aboutText': 'New about',
      'meta.text': '<p>Hi</p>',
      'parts.sponsors.logos.0.name': 'B',
      // options.showNewsletter is not posted: an unticked checkbox.
      'options.footerNavigations.0': 'footer1',
      'options.footerNavigations.1': 'footer2',
      'parts.sponsors.description': 'Thanks',
      'parts.sponsors.logos.0.url': 'https://a.example',
    };
    const changes = applyElementForm(footer, (name) => posted[name] ?? null);
    expect(changes).toEqual({
      meta: { logoMediaId: 7, aboutText: 'New about', text: '<p>Hi</p>' },
      options: { showNewsletter: false, footerNavigations: ['footer1', 'footer2'] },
      parts: {
        sponsors: { description: 'Thanks', logos: [{ mediaId: 3, name: 'B', url: 'https://a.example' }] },
      },
    });
    // The element read is not changed by it.
    expect(footer.meta.aboutText).toBe('About');
  });
});
