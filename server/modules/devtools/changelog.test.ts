import { describe, expect, it } from 'vitest';
import { parseChangelog, tagOf } from './changelog.ts';

describe('parseChangelog', () => {
  it('makes one release per second-level heading, newest first, with Markdown as sanitized HTML', () => {
    const releases = parseChangelog(
      [
        '# Changelog',
        '',
        'Intro text that belongs to no release.',
        '',
        '## Issue 16 — Developer tools',
        '',
        '- **Releases** in a [modal](https://example.com/x "t")',
        '- `code` stays text',
        '',
        '```',
        '<b>npm run x</b>',
        '```',
        '',
        '## 1.2.0 (2026-11-01)',
        '',
        'Plain paragraph.',
      ].join('\n'),
    );
    expect(releases.map((release) => [release.tag_name, release.name])).toEqual([
      ['issue-16-developer-tools', 'Issue 16 — Developer tools'],
      ['v1.2.0', '1.2.0 (2026-11-01)'],
    ]);
    expect(releases[0]!.description_html).toContain(
      '<li><strong>Releases</strong> in a <a href="https://example.com/x"',
    );
    expect(releases[0]!.description_html).toContain('<li><span>code</span> stays text</li>');
    expect(releases[0]!.description_html).toContain('<p>&lt;b&gt;npm run x&lt;/b&gt;</p>');
    expect(releases[1]!.description_html).toBe('<p>Plain paragraph.</p>');
  });

  it('leaves nothing that runs in the HTML', () => {
    const [release] = parseChangelog(
      [
        '## Hostile',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3))',
        '<iframe src="https://evil.example"></iframe>',
        '<a href="https://ok.example" onclick="alert(4)">ok</a>',
      ].join('\n\n'),
    );
    const html = release!.description_html;
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    expect(html).toContain('href="https://ok.example"');
  });

  it('answers no releases for an empty or heading-less changelog', () => {
    expect(parseChangelog('')).toEqual([]);
    expect(parseChangelog('# Changelog\n\nNothing yet.')).toEqual([]);
  });
});

describe('tagOf', () => {
  it('keeps a version and slugs any other heading', () => {
    expect(tagOf('v2.0.1 — big one')).toBe('v2.0.1');
    expect(tagOf('[3.1.0] - 2026-01-01')).toBe('v3.1.0');
    expect(tagOf('Issue 11 — Računi i prijava')).toBe('issue-11-racuni-i-prijava');
    expect(tagOf('—')).toBe('release');
  });
});
