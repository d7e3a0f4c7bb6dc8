import { Link, useParams } from "react-router";
import { AdSlot, PostImage } from "../components/public/AdSlot";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { findPost } from "../content/blog";
import { usePageTitle } from "../lib/usePageTitle";
import { formatDate } from "./Blog";

const FALLBACK = ["More on this topic is coming soon. Follow the blog for updates from the XRP Faucet team."];

export default function BlogPost() {
  const { slug } = useParams();
  const post = findPost(slug);
  usePageTitle(post?.title ?? "Post Not Found");
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-bold text-slate-900">Post Not Found</h1>
          <p className="mt-2 text-slate-600">The article you are looking for does not exist or has been moved.</p>
          <Link to="/blog" className={buttonClass({ className: "mt-6" })}>
            Back to Blog
          </Link>
        </Card>
      </div>
    );
  }
  const paragraphs = post.content.length ? post.content : FALLBACK;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <AdSlot width={728} height={90} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_300px]">
        <article>
          <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
            ← Back to Blog
          </Link>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-2 text-slate-500">
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · by {post.author.username}
          </p>
          <div className="mt-6">
            <PostImage image={post.featuredImage} title={post.title} />
          </div>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <div className="mt-8">
            <AdSlot width={300} height={250} />
          </div>
        </article>
        <aside>
          <AdSlot width={300} height={600} />
        </aside>
      </div>
    </div>
  );
}
