// /admin/posts: every post, drafts and scheduled ones included, with its state; write a new one, edit,
// view or delete one. /admin/posts/new and /admin/posts/:id: the editor (PostEditor.tsx).
import { useState } from "react";
import { Link } from "react-router";
import { Frame } from "../../../components/admin/dialogs";
import { Badge, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { type AdminPost, useAdminPosts, useDeletePost } from "../admin-api";

const STATE_TONE = { published: "green", scheduled: "yellow", draft: "grey" } as const;
const STATE_WORD = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

export function PostsScreen() {
  const posts = useAdminPosts();
  const remove = useDeletePost();
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  if (!posts.data) return <Loading />;
  return (
    <Panel
      title="Posts"
      actions={
        <Link to="/admin/posts/new" className={buttonClass()}>
          Write a post
        </Link>
      }
    >
      {posts.data.length === 0 ? (
        <Empty>No posts yet: the blog is empty until you write one.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {posts.data.map((post) => {
            const state = post.state as keyof typeof STATE_TONE;
            return (
              <li key={post.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900">{post.title}</p>
                  <p className="text-sm text-slate-600">
                    <Badge tone={STATE_TONE[state]}>{STATE_WORD[state]}</Badge>{" "}
                    {state === "draft" ? `edited ${when(post.updatedAt)}` : when(post.publishAt)} · /blog/{post.slug}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/posts/${post.id}`} className={buttonClass({ variant: "outline", size: "sm" })}>
                    Edit<span className="sr-only"> {post.title}</span>
                  </Link>
                  {state === "published" && (
                    <Link to={`/blog/${post.slug}`} className={buttonClass({ variant: "outline", size: "sm" })}>
                      View<span className="sr-only"> {post.title}</span>
                    </Link>
                  )}
                  <button
                    type="button"
                    className={buttonClass({ variant: "outline", size: "sm" })}
                    onClick={() => setDeleting(post)}
                  >
                    Delete<span className="sr-only"> {post.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Frame
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this post?"
        description={<p>"{deleting?.title}" leaves the blog, its feed and the sitemap. This cannot be undone.</p>}
      >
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
          >
            Delete post
          </button>
        </div>
      </Frame>
    </Panel>
  );
}
