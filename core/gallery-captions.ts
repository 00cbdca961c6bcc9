/**
 * A gallery's captions pair with its `settings.mediaIds` by position. When the id list changes
 * (an image removed, moved, added or replaced), the captions follow their images: each id of the new
 * list takes the caption of the same occurrence of that id in the old list (the second copy of an
 * image takes the second copy's caption); an image that was not there starts with an empty caption.
 */
export function remapCaptions(
  oldIds: readonly unknown[],
  newIds: readonly unknown[],
  captions: readonly unknown[],
): string[] {
  const positions = new Map<unknown, number[]>();
  oldIds.forEach((id, index) => {
    const list = positions.get(id) ?? [];
    list.push(index);
    positions.set(id, list);
  });
  return newIds.map((id) => {
    const index = positions.get(id)?.shift();
    if (index === undefined) return '';
    const caption = captions[index];
    return typeof caption === 'string' ? caption : '';
  });
}

/** The same list of ids in the same order (a change of settings that leaves the captions as they are). */
export const sameIds = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** A gallery section's content with its captions following a change of its image list. */
export function contentWithRemappedCaptions(
  content: Record<string, unknown>,
  oldIds: unknown,
  newIds: unknown,
): Record<string, unknown> {
  const before = Array.isArray(oldIds) ? oldIds : [];
  const after = Array.isArray(newIds) ? newIds : [];
  if (sameIds(before, after)) return content;
  const captions = Array.isArray(content.captions) ? content.captions : [];
  return { ...content, captions: remapCaptions(before, after, captions) };
}
