import { Link } from "react-router";
import { Card } from "../components/ui/card";
import { buttonClass } from "../components/ui/button";
import { usePageTitle } from "../lib/usePageTitle";

// Articles come with the fixed blog list; until then every slug is unknown.
export default function BlogPost() {
  usePageTitle("Post Not Found");
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
