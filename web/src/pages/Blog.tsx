import { Fragment } from "react";
import { Link } from "react-router";
import { Page } from "../components/Page";
import { AdSlot, PostImage } from "../components/public/AdSlot";
import { Card } from "../components/ui/card";
import { BLOG_POSTS } from "../content/blog";

export const ADVERTISING_EMAIL = "advertise@xrpfaucet.example";
export const formatDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

export default function Blog() {
  return (
    <Page title="Latest Updates" intro="News, guides and updates from the XRP Faucet team.">
      <div className="grid gap-6 sm:grid-cols-2">
        {BLOG_POSTS.map((post, i) => (
          <Fragment key={post.id}>
            <Card className="flex flex-col overflow-hidden">
              <PostImage image={post.featuredImage ?? { from: "#1e293b", to: "#475569" }} title={post.title} />
              <div className="flex flex-1 flex-col p-5">
                <p className="text-sm text-slate-500">
                  <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                </p>
                <h2 className="mt-1 text-lg font-bold text-slate-900">{post.title}</h2>
                <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
                <Link to={`/blog/${post.slug}`} className="mt-4 font-semibold text-brand-700 hover:underline">
                  Read More<span className="sr-only"> about {post.title}</span>
                </Link>
              </div>
            </Card>
            {i === 1 && (
              <div className="sm:col-span-2">
                <AdSlot width={728} height={90} />
              </div>
            )}
            {i === 5 && (
              <Card className="p-5 sm:col-span-2">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Sponsored</p>
                <p className="mt-1 text-slate-800">Your project could be featured here, in front of thousands of XRP holders.</p>
              </Card>
            )}
          </Fragment>
        ))}
      </div>
      <p className="mt-10 text-center text-slate-600">
        Advertising enquiries: <a href={`mailto:${ADVERTISING_EMAIL}`} className="font-medium text-brand-700 underline">{ADVERTISING_EMAIL}</a>
      </p>
    </Page>
  );
}
