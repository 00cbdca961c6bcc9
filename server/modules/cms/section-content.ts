/**
 * Every media id the sections' settings name (`mediaId`, `mediaIds`, and those inside lists such as
 * the sponsors' logos), so that a page's images can be described in one query.
 */
export function sectionMediaIds(sections: { settings: Record<string, unknown> }[]): number[] {
  const ids = new Set<number>();
  const visit = (value: unknown, key?: string) => {
    if (key === 'mediaId' && typeof value === 'number') ids.add(value);
    else if (key === 'mediaIds' && Array.isArray(value)) {
      for (const id of value) if (typeof id === 'number') ids.add(id);
    } else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) visit(inner, name);
  };
  for (const section of sections) visit(section.settings);
  return [...ids].filter((id) => Number.isInteger(id) && id > 0);
}
