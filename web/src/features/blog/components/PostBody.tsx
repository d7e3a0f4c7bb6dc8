// An article's HTML as rendered from the post's Markdown (every HTML of the author's escaped there:
// src/shared/markdown.ts, by the server for the public post, in the editor for its preview), styled here.
const PROSE = [
  "space-y-4 text-lg leading-relaxed text-slate-700 break-words",
  "[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900",
  "[&_h4]:font-bold [&_h5]:font-bold [&_h6]:font-bold [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline",
  "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:text-slate-100",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:border-slate-200",
].join(" ");

export function PostBody({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and escaped by src/shared/markdown.ts
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
