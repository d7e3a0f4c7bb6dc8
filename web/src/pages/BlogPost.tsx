import "../screens-shared";
import { Link, useParams } from "react-router";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { AdSlot, useAds } from "../features/ads";
import { fetchEarly, formatDate, PostBody, PostImage, usePost } from "../features/blog";
import { T, t } from "../i18n";
import { usePageTitle } from "../lib/usePageTitle";

// (this page's posts are asked for as its chunk loads: features/blog/pages-api.ts)
fetchEarly(window.location.pathname);

export default function BlogPost() {
  const { slug = "" } = useParams();
  const post = usePost(slug);
  // the sidebar's column only when its ad is placed
  const sidebar = Boolean(useAds().data?.skyscraper);
  usePageTitle(post.data?.title ?? (post.isError ? t("blog.post.notFound") : t("blog.post.pageTitle")));
  if (post.isPending) return <div className="mx-auto min-h-screen max-w-6xl px-4 py-10 sm:px-6" aria-busy="true" />;
  if (!post.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{t("blog.post.notFound")}</h1>
          <p className="mt-2 text-slate-600">{t("blog.post.notFoundText")}</p>
          <Link to="/blog" className={buttonClass({ className: "mt-6" })}>
            {t("blog.post.back")}
          </Link>
        </Card>
      </div>
    );
  }
  const p = post.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <AdSlot slot="leaderboard" className="mb-8" />
      <div className={sidebar ? "grid gap-8 lg:grid-cols-[1fr_300px]" : "mx-auto max-w-3xl"}>
        <article className="min-w-0">
          <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
            ← {t("blog.post.back")}
          </Link>
          <h1 translate="no" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {p.title}
          </h1>
          <p className="mt-2 text-slate-600">
            <T
              id="blog.post.byline"
              values={{ date: formatDate(p.publishedAt), author: p.author }}
              components={{ 0: <time dateTime={p.publishedAt} /> }}
            />
          </p>
          {p.featuredImage && (
            <div className="mt-6">
              <PostImage src={p.featuredImage} eager />
            </div>
          )}
          <div translate="no" className="mt-6">
            <PostBody html={p.html} />
          </div>
          <AdSlot slot="rectangle" className="mt-8" />
        </article>
        {/* the tall sidebar ad only beside the article, never above or below it on a phone */}
        <AdSlot slot="skyscraper" className="hidden lg:block" />
      </div>
    </div>
  );
}
