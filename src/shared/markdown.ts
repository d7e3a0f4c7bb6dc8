// A small, strict Markdown: headings, paragraphs, emphasis, inline code and code blocks, lists,
// quotes, rules, links (http(s) or a path of this site) and images (uploaded ones only). Every other
// character of the text is escaped, so HTML written in a post (a <script>, an onerror=) shows as text
// and never runs; a link or image whose address is not allowed shows its text. The server renders a
// post with it, and the post editor its preview as the admin types.
import { escapeHtml } from "./html.ts";
import { UPLOAD_PATH_PATTERN } from "./uploads.ts";

// An address a link may go to: http(s) with a host, or a path of this site (not "//host").
function safeHref(url: string): string | null {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

// **strong**, *em*, _em_ on text already escaped (so the tags added are the only ones).
const emphasis = (escaped: string) =>
  escaped
    .replace(/\*\*(?=\S)([^*]*\S)\*\*/g, "<strong>$1</strong>")
    .replace(/\*(?=\S)([^*]*\S)\*/g, "<em>$1</em>")
    .replace(/(^|\W)_(?=\S)([^_]*\S)_(?=\W|$)/g, "$1<em>$2</em>");

// (an address may hold one level of balanced parentheses)
const ADDRESS = String.raw`\(((?:[^()\s]|\([^()\s]*\))+)\)`;
const INLINE = new RegExp(String.raw`\x60([^\x60]+)\x60|!\[([^\]]*)\]${ADDRESS}|\[([^\]]+)\]${ADDRESS}`, "g");

function inline(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out += emphasis(escapeHtml(text.slice(last, m.index)));
    last = m.index + m[0].length;
    const [, code, alt, src, label, href] = m;
    if (code !== undefined) out += `<code>${escapeHtml(code)}</code>`;
    else if (src !== undefined)
      out += UPLOAD_PATH_PATTERN.test(src)
        ? `<img src="${src}" alt="${escapeHtml(alt ?? "")}" loading="lazy">`
        : escapeHtml(alt ?? "");
    else {
      const url = safeHref(href!);
      const inner = emphasis(escapeHtml(label!));
      out +=
        url === null
          ? inner
          : `<a href="${escapeHtml(url)}"${url.startsWith("/") ? "" : ' rel="nofollow noopener noreferrer"'}>${inner}</a>`;
    }
  }
  return out + emphasis(escapeHtml(text.slice(last)));
}

type List = { ordered: boolean; items: string[] };

export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const html: string[] = [];
  let paragraph: string[] = [];
  let list: List | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join("\n"))}</p>`);
    if (list)
      html.push(
        `<${list.ordered ? "ol" : "ul"}>${list.items.map((item) => `<li>${inline(item)}</li>`).join("")}</${list.ordered ? "ol" : "ul"}>`,
      );
    if (quote.length) html.push(`<blockquote><p>${inline(quote.join("\n"))}</p></blockquote>`);
    paragraph = [];
    list = null;
    quote = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*```/.test(lines[i]!)) code.push(lines[i]!);
      html.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      // the page's title is its h1: a post's # is an h2 as well
      const level = Math.max(2, heading[1]!.length);
      html.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      html.push("<hr>");
      continue;
    }
    const item = /^\s*(?:([-*+])|\d{1,9}[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = item[1] === undefined;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[2]!);
      continue;
    }
    const quoted = /^>\s?(.*)$/.exec(line);
    if (quoted) {
      if (!quote.length) flush();
      quote.push(quoted[1]!);
      continue;
    }
    // a line after a list item or quote continues it
    if (list) list.items[list.items.length - 1] += `\n${line.trim()}`;
    else if (quote.length) quote.push(line);
    else paragraph.push(line);
  }
  flush();
  return html.join("\n");
}
