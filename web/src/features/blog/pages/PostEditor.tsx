// /admin/posts/new and /admin/posts/:id: write a post in Markdown, with its slug, excerpt, author and
// featured image, and images placed in the text where the cursor is; save it as a draft, publish it
// now or at a later time (scheduled), or unpublish it. The preview follows the typing, rendered by
// the renderer the server renders a post with (src/shared/markdown.ts), as visitors will see it.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Badge, Loading, Panel } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { LANGUAGES } from "../../../../../src/shared/languages";
import { renderMarkdown } from "../../../../../src/shared/markdown";
import { ImageField, TextImageField } from "../../uploads";
import { type AdminPost, useAdminPost, useSavePost } from "../admin-api";
import { PostBody } from "../components/PostBody";

const EMPTY = {
  title: "",
  slug: "",
  excerpt: "",
  author: "",
  body: "",
  featuredImage: null as string | null,
  publishAt: "",
  language: "",
};
type Form = typeof EMPTY;

// ISO time <-> the datetime-local input's local "YYYY-MM-DDTHH:mm"
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const formOf = (p: AdminPost): Form => ({
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  author: p.author,
  body: p.body,
  featuredImage: p.featuredImage,
  publishAt: toLocalInput(p.publishAt),
  language: p.language ?? "",
});

// The text with `insert` in place of its selection, as a paragraph of its own, and where the cursor goes after it.
function insertParagraph(text: string, start: number, end: number, insert: string) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const placed = `${before}${lead}${insert}`;
  return { text: `${placed}${trail}${after}`, cursor: placed.length };
}

const TEXTAREA =
  "block w-full rounded-lg border border-slate-300 bg-white p-3 text-base shadow-sm focus:border-brand-600";

export function PostEditorScreen() {
  const { id: idParam } = useParams();
  const id = idParam && idParam !== "new" ? Number(idParam) : null;
  const existing = useAdminPost(id);
  const save = useSavePost();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const body = useRef<HTMLTextAreaElement>(null);
  const post = existing.data;
  useEffect(() => {
    if (post) setForm(formOf(post));
  }, [post]);
  if (id !== null && !post) return <Loading />;
  const set = (key: Exclude<keyof Form, "featuredImage">) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const send = (status: "draft" | "published") => {
    const publishAt = status === "published" && form.publishAt ? new Date(form.publishAt).toISOString() : undefined;
    save.mutate(
      {
        id,
        title: form.title.trim(),
        slug: form.slug.trim(),
        excerpt: form.excerpt.trim(),
        author: form.author.trim(),
        body: form.body,
        featuredImage: form.featuredImage,
        status,
        language: form.language,
        ...(publishAt ? { publishAt } : {}),
      },
      { onSuccess: (saved) => id === null && navigate(`/admin/posts/${saved.id}`, { replace: true }) },
    );
  };
  // an image's Markdown at the text's cursor (its end when the text was never focused), the cursor after it
  const insertImage = (markdown: string) => {
    const area = body.current;
    const start = area ? area.selectionStart : form.body.length;
    const end = area ? area.selectionEnd : form.body.length;
    const placed = insertParagraph(form.body, start, end, markdown);
    setForm({ ...form, body: placed.text });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(placed.cursor, placed.cursor);
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send("draft");
  };
  const later = form.publishAt && new Date(form.publishAt).getTime() > Date.now();
  const stateBadge =
    post &&
    (post.state === "published" ? (
      <Badge tone="green">Published</Badge>
    ) : post.state === "scheduled" ? (
      <Badge tone="yellow">Scheduled</Badge>
    ) : (
      <Badge tone="grey">Draft</Badge>
    ));

  return (
    <>
      <Panel title={id === null ? "Write a post" : "Edit post"} actions={stateBadge}>
        <form onSubmit={submit} className="space-y-4">
          <Field id="post-title" label="Title" required maxLength={200} value={form.title} onChange={set("title")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="post-slug"
              label="Address (slug, optional)"
              placeholder="made from the title"
              value={form.slug}
              onChange={set("slug")}
            />
            <Field
              id="post-author"
              label="Author (optional)"
              placeholder="your username"
              value={form.author}
              onChange={set("author")}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="post-language" className="block text-sm font-medium text-slate-800">
              Language (the blog lists the post in this language only)
            </label>
            <select
              id="post-language"
              value={form.language}
              onChange={set("language")}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">Every language</option>
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="post-excerpt" className="block text-sm font-medium text-slate-800">
              Excerpt (the blog list and shared links show it)
            </label>
            <textarea
              id="post-excerpt"
              rows={2}
              maxLength={500}
              value={form.excerpt}
              onChange={set("excerpt")}
              className={TEXTAREA}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="post-body" className="block text-sm font-medium text-slate-800">
              Text (Markdown)
            </label>
            <textarea
              id="post-body"
              ref={body}
              rows={14}
              value={form.body}
              onChange={set("body")}
              aria-describedby="post-body-help"
              className={`${TEXTAREA} font-mono text-sm`}
            />
            <p id="post-body-help" className="text-sm text-slate-600">
              ## Heading, **bold**, *italic*, [link](https://...), - list item, `code`, &gt; quote. Images: upload one
              below and press "Insert into text". HTML is shown as text.
            </p>
          </div>
          <TextImageField onInsert={insertImage} />
          <ImageField
            label="Featured image (optional)"
            value={form.featuredImage}
            onChange={(featuredImage) => setForm({ ...form, featuredImage })}
          />
          <Field
            id="post-publish-at"
            label="Publish at (optional: empty publishes now)"
            type="datetime-local"
            value={form.publishAt}
            onChange={set("publishAt")}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass({ variant: "outline" })} disabled={save.isPending}>
              {post?.state === "draft" || !post ? "Save draft" : "Unpublish"}
            </button>
            <button type="button" className={buttonClass()} disabled={save.isPending} onClick={() => send("published")}>
              {later ? "Schedule" : post && post.state !== "draft" ? "Update" : "Publish"}
            </button>
            <Link to="/admin/posts" className={buttonClass({ variant: "ghost" })}>
              Back to posts
            </Link>
          </div>
        </form>
      </Panel>
      <section aria-label="Preview">
        <Panel title="Preview (as you type)">
          <p className="text-2xl font-bold text-slate-900">{form.title || "Untitled post"}</p>
          <div className="mt-4">
            {form.body.trim() ? (
              <PostBody html={renderMarkdown(form.body)} />
            ) : (
              <p className="text-slate-600">The text shows here as you write it.</p>
            )}
          </div>
        </Panel>
      </section>
    </>
  );
}
