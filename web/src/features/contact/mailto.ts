// A mailto: link to one address ("Reply by email" in the inbox, the site's address on /contact).
// The address's two parts are each encoded (encodeURIComponent), so nothing in it can add a
// recipient, a subject or a body: the server takes an address only (src/lib/validation.ts), and a
// message stored before it did may hold more (`victim@example.com?cc=...`), which then stays text.
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf("@");
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return `mailto:${to}${subject === undefined ? "" : `?subject=${encodeURIComponent(subject)}`}`;
}
