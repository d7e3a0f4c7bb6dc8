import "../screens-shared";
import { Link } from "react-router";
import { Page } from "../components/Page";
import { Card } from "../components/ui/card";
import { AdSlot } from "../features/ads";
import { fetchEarly, formatDate, PostImage, usePosts } from "../features/blog";
import { useSiteName } from "../features/site";
import { T, t } from "../i18n";

// (this page's posts are asked for as its chunk loads: features/blog/pages-api.ts)
fetchEarly(window.location.pathname);

// The operator's published posts (written in /admin/posts), the leaderboard ad above them when one
// is placed (an empty slot shows nothing, no placeholder).
export default function Blog() {
  const posts = usePosts();
  const name = useSiteName();
  return (
    <Page title={t("blog.page.title")} intro={t("blog.page.intro", { name })}>
      {posts.isPending ? (
        <p className="min-h-screen animate-pulse text-slate-500">{t("blog.loading")}</p>
      ) : posts.isError ? (
        <p role="alert" className="text-red-700">
          {t("blog.error")}
        </p>
      ) : posts.data.length === 0 ? (
        <p className="text-slate-600">{t("blog.empty")}</p>
      ) : (
        <>
          <AdSlot slot="leaderboard" className="mb-6" />
          <div className="grid gap-6 sm:grid-cols-2">
            {posts.data.map((post, i) => (
              <Card key={post.id} className="flex flex-col overflow-hidden">
                <PostImage src={post.featuredImage} eager={i < 2} />
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm text-slate-600">
                    <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                  </p>
                  <h2 translate="no" className="mt-1 text-lg font-bold text-slate-900">
                    {post.title}
                  </h2>
                  <p translate="no" className="mt-2 flex-1 text-slate-600">
                    {post.excerpt}
                  </p>
                  <Link to={`/blog/${post.slug}`} className="mt-4 font-semibold text-brand-700 hover:underline">
                    <T
                      id="blog.readMore"
                      values={{ title: post.title }}
                      components={{ 0: <span className="sr-only" /> }}
                    />
                  </Link>
                </div>
              </Card>
            ))}
          </div>
        </>
      )}
      <p className="mt-10 text-center text-slate-600">
        <T
          id="blog.follow"
          components={{
            0: <Link to="/advertise" className="font-medium text-brand-700 underline" />,
            // biome-ignore lint/a11y/useAnchorContent: the message gives the link its text
            1: <a href="/rss.xml" className="font-medium text-brand-700 underline" />,
          }}
        />
      </p>
    </Page>
  );
}
