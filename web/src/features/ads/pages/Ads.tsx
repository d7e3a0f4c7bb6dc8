// /admin/ads: the blog's three ad slots. Each holds an uploaded image and the link it opens (its
// clicks counted), or an ad network's https iframe (its origin is then allowed as a frame on the
// site's pages), or nothing: an empty slot shows nothing to visitors.
import { type FormEvent, useState } from "react";
import { Badge, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { ImageField } from "../../uploads";
import { type AdminAd, useAdminAds, useRemoveAd, useSaveAd } from "../api";

type Kind = "image" | "iframe";

function SlotEditor({ ad }: { ad: AdminAd }) {
  const [kind, setKind] = useState<Kind>(ad.iframeUrl ? "iframe" : "image");
  const [form, setForm] = useState({
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl ?? "",
    alt: ad.alt,
    iframeUrl: ad.iframeUrl ?? "",
  });
  const save = useSaveAd();
  const remove = useRemoveAd();
  const placed = Boolean(ad.imageUrl || ad.iframeUrl);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      kind === "image"
        ? { slot: ad.slot, imageUrl: form.imageUrl, linkUrl: form.linkUrl.trim(), alt: form.alt.trim() }
        : { slot: ad.slot, iframeUrl: form.iframeUrl.trim() },
    );
  };
  const id = `ad-${ad.slot}`;
  return (
    <Panel
      id={`${id}-title`}
      title={ad.label}
      actions={
        placed ? (
          <Badge tone="green">
            {ad.iframeUrl ? "Ad network" : `Showing, ${ad.clicks} ${ad.clicks === 1 ? "click" : "clicks"}`}
          </Badge>
        ) : (
          <Badge tone="grey">Empty: shows nothing</Badge>
        )
      }
    >
      <form onSubmit={submit} className="max-w-xl space-y-4" aria-labelledby={`${id}-title`}>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">What the slot shows</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ["image", "An image and its link"],
                ["iframe", "An ad network's iframe"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === "image" ? (
          <>
            <ImageField
              label={`Image (${ad.width}x${ad.height})`}
              value={form.imageUrl}
              onChange={(imageUrl) => setForm({ ...form, imageUrl })}
            />
            <Field
              id={`${id}-link`}
              label="Link it opens"
              type="url"
              placeholder="https://"
              value={form.linkUrl}
              onChange={(e) => setForm({ ...form, linkUrl: e.target.value })}
            />
            <Field
              id={`${id}-alt`}
              label="What the image says (alt text)"
              value={form.alt}
              onChange={(e) => setForm({ ...form, alt: e.target.value })}
            />
          </>
        ) : (
          <Field
            id={`${id}-iframe`}
            label="Iframe address (https)"
            type="url"
            placeholder="https://ads.example.net/..."
            value={form.iframeUrl}
            onChange={(e) => setForm({ ...form, iframeUrl: e.target.value })}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass()} disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save ad"}
          </button>
          {placed && (
            <button
              type="button"
              className={buttonClass({ variant: "outline" })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(ad.slot)}
            >
              Remove ad
            </button>
          )}
        </div>
        {ad.updatedAt && (
          <p className="text-sm text-slate-600">
            Saved {when(ad.updatedAt)}. Clicks are counted from then on (an iframe's clicks are the network's to count).
          </p>
        )}
      </form>
    </Panel>
  );
}

export function AdsScreen() {
  const ads = useAdminAds();
  if (!ads.data) return <Loading />;
  return (
    <>
      {ads.data.map((ad) => (
        <SlotEditor key={`${ad.slot}-${ad.updatedAt}`} ad={ad} />
      ))}
    </>
  );
}
