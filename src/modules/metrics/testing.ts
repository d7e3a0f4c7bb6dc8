// What the /metrics tests share: a scrape of a site's /metrics, as a status, a type and a body.
export async function scrape(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}
