// /admin/uploads: the images uploaded for posts, ads and the logo, newest first, with where each is
// used; how much of the quota they take (images and bytes: an upload past either is refused); and a
// delete for an image nothing uses (the server refuses one in use, naming where).
import { useState } from "react";
import { Link } from "react-router";
import { Frame } from "../../../components/admin/dialogs";
import { Badge, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { type UploadedImage, type UploadList, useDeleteUpload, useUploads } from "../api";

// "812 bytes", "12.3 KiB", "2.0 MiB", "256 MiB"
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  const mib = bytes / (1024 * 1024);
  return `${mib >= 100 ? Math.round(mib) : mib.toFixed(1)} MiB`;
}

const USE_LINK = {
  post: (id: unknown) => `/admin/posts/${id}`,
  ad: () => "/admin/ads",
  logo: () => "/admin/site",
} as const;

function Meter({ label, used, max, text }: { label: string; used: number; max: number; text: string }) {
  const share = max > 0 ? Math.min(1, used / max) : 1;
  return (
    <div className="min-w-48 flex-1 space-y-1">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{label}:</span> {text}
      </p>
      {/* (the text above says it; the bar only shows it) */}
      <div aria-hidden="true" className="h-2 w-full rounded-full bg-slate-100">
        <div
          className={
            share >= 0.9
              ? "h-2 rounded-full bg-red-600"
              : share >= 0.75
                ? "h-2 rounded-full bg-amber-500"
                : "h-2 rounded-full bg-brand-600"
          }
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

function Quota({ quota }: { quota: UploadList["quota"] }) {
  return (
    <section aria-label="Quota" className="mb-6 space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap gap-6">
        <Meter label="Images" used={quota.files} max={quota.maxFiles} text={`${quota.files} of ${quota.maxFiles}`} />
        <Meter
          label="Space"
          used={quota.bytes}
          max={quota.maxBytes}
          text={`${sizeText(quota.bytes)} of ${sizeText(quota.maxBytes)}`}
        />
      </div>
      <p className="text-sm text-slate-600">
        An upload past either is refused: delete images nothing uses to make room. Images are added from the Posts, Ads
        and Site name and logo screens (PNG, JPEG or WebP, at most 2 MiB each). A deleted image stays in the backups
        that already hold it, until they are removed; restoring one of those brings it back.
      </p>
    </section>
  );
}

function Image({ image, onDelete }: { image: UploadedImage; onDelete: (image: UploadedImage) => void }) {
  const used = image.usedBy.length > 0;
  return (
    <article aria-label={`Image ${image.name}`} className="flex flex-wrap items-start gap-4">
      <a href={image.url} className="shrink-0">
        <img
          src={image.url}
          alt=""
          loading="lazy"
          className="h-16 w-24 rounded border border-slate-200 bg-slate-50 object-contain"
        />
        <span className="sr-only">Open {image.name}</span>
      </a>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-mono text-xs break-all text-slate-800">{image.url}</p>
        <p className="text-slate-600">
          {sizeText(image.sizeBytes)} · {when(image.createdAt)}
        </p>
        {used ? (
          <ul className="space-y-0.5 text-slate-700">
            {image.usedBy.map((use) => (
              <li key={`${use.kind}-${use.id}`}>
                Used by{" "}
                <Link to={USE_LINK[use.kind as keyof typeof USE_LINK](use.id)} className="text-brand-700 underline">
                  {use.text}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <Badge tone="grey">Not used</Badge>
          </p>
        )}
      </div>
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        disabled={used}
        title={used ? "In use: take it out of what uses it first" : undefined}
        onClick={() => onDelete(image)}
      >
        Delete<span className="sr-only"> {image.name}</span>
      </button>
    </article>
  );
}

export function UploadsScreen() {
  const uploads = useUploads();
  const remove = useDeleteUpload();
  const [deleting, setDeleting] = useState<UploadedImage | null>(null);
  if (!uploads.data) return <Loading />;
  const { quota, images } = uploads.data;
  return (
    <Panel title="Images">
      <Quota quota={quota} />
      {images.length === 0 ? (
        <Empty>No images yet. Images uploaded for posts, ads and the logo are listed here.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {images.map((image) => (
            <li key={image.name} className="py-3">
              <Image image={image} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      )}
      <Frame
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this image?"
        description={
          <p>
            {deleting?.url} is removed from the site and stops counting against the quota. This cannot be undone (the
            backups that hold it keep it).
          </p>
        }
      >
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(deleting!.name, { onSettled: () => setDeleting(null) })}
          >
            Delete image
          </button>
        </div>
      </Frame>
    </Panel>
  );
}
