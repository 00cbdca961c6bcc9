import { describe, expect, it } from 'vitest';
import { newsletterReturnTo } from './newsletter-form.tsx';

describe('newsletterReturnTo', () => {
  it('returns to the same page without the outcome of an earlier sign-up', () => {
    expect(newsletterReturnTo('/en', '?newsletter=subscribed', 'footer')).toBe('/en');
    expect(newsletterReturnTo('/o-nama', '?mobileView=true&newsletter=already', 'footer')).toBe(
      '/o-nama?mobileView=true',
    );
  });

  it('names the section form that sent the sign-up, so that only it shows the outcome', () => {
    expect(newsletterReturnTo('/en', '?newsletter=subscribed&newsletterForm=footer', 'section-7')).toBe(
      '/en?newsletterForm=section-7',
    );
    expect(newsletterReturnTo('/en', '?newsletterForm=section-7', 'footer')).toBe('/en');
  });
});
