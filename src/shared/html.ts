// Text put into HTML the server builds (the sandbox's transaction page, a post's Markdown, the
// blog's RSS feed): the five characters that could end a text or an attribute, as entities.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
