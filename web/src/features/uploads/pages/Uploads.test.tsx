// The Images screen as it renders (server-side, from a list already read): the quota used, where each
// image is used with a link there, and a delete only for an image nothing uses.
import { expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { type UploadList, uploadsKey } from "../api";
import { sizeText, UploadsScreen } from "./Uploads";

const USED = "/uploads/0123456789abcdef0123456789abcdef.png";
const FREE = "/uploads/fedcba9876543210fedcba9876543210.jpg";
const LIST: UploadList = {
  quota: { files: 2, maxFiles: 500, bytes: 2 * 1024 * 1024 + 68, maxBytes: 256 * 1024 * 1024 },
  images: [
    {
      name: USED.slice(9),
      url: USED,
      sizeBytes: 68,
      createdAt: "2026-01-15T12:00:00.000Z",
      usedBy: [
        { kind: "post", id: 7, text: 'the post "Our banner" (its featured image)' },
        { kind: "logo", id: null, text: "the site's logo" },
      ],
    },
    { name: FREE.slice(9), url: FREE, sizeBytes: 2 * 1024 * 1024, createdAt: "2026-01-14T12:00:00.000Z", usedBy: [] },
  ],
};

function render(list: UploadList) {
  const client = new QueryClient();
  client.setQueryData(uploadsKey, list);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/admin/uploads"]}>
        <UploadsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test("sizes in binary units, as the quota is given", () => {
  expect([
    sizeText(1),
    sizeText(812),
    sizeText(12_595),
    sizeText(2 * 1024 * 1024),
    sizeText(256 * 1024 * 1024),
  ]).toEqual(["1 byte", "812 bytes", "12.3 KiB", "2.0 MiB", "256 MiB"]);
});

test("the quota used, where each image is used, and a delete only for one nothing uses", () => {
  const html = render(LIST).replace(/<!-- -->/g, "");
  expect(html).toContain("Images:</span> 2 of 500");
  expect(html).toContain("Space:</span> 2.0 MiB of 256 MiB");
  expect(html).toContain(
    '<a class="text-brand-700 underline" href="/admin/posts/7" data-discover="true">the post &quot;Our banner&quot; (its featured image)</a>',
  );
  expect(html).toContain('href="/admin/site" data-discover="true">the site&#x27;s logo</a>');
  const buttons = [...html.matchAll(/<button[^>]*>Delete<span class="sr-only"> ([^<]+)<\/span><\/button>/g)].map(
    (m) => [m[1], / disabled=""/.test(m[0])],
  );
  expect(buttons).toEqual([
    [USED.slice(9), true],
    [FREE.slice(9), false],
  ]);
  expect(html).toContain("Not used");
});
