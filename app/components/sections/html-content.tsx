import { EDIT_FIELD_ATTRIBUTE, type EditFieldAttributes } from './edit-fields.tsx';
/**
 * Readable typography for HTML that editors wrote (page bodies, rich text, answers). The HTML is
 * sanitized by the server before it is stored and again when it is served.
 */
export const proseClasses = [
  'text-base leading-relaxed text-slate-700 md:text-lg',
  '[&>*:first-child]:mt-0',
  '[&_p]:mt-4',
  '[&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-slate-900',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_h5]:mt-6 [&_h5]:font-semibold [&_h5]:text-slate-900 [&_h6]:mt-6 [&_h6]:text-sm [&_h6]:font-semibold [&_h6]:uppercase [&_h6]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-teal-900',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_li::marker]:text-teal-700',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-teal-600 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-600',
  '[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2',
].join(' ');

export function HtmlContent({
  html,
  className = '',
  edit = {},
}: {
  html: string;
  className?: string;
  /** Edit mode's marks (edit-fields.tsx): an empty text still gets its element, to click and write in. */
  edit?: EditFieldAttributes;
}) {
  if (!html.trim() && !edit[EDIT_FIELD_ATTRIBUTE]) return null;
  return (
    <div
      className={`${proseClasses} ${className}`}
      {...edit}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (DECISIONS, Content)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
