// Card pictures are loaded from other origins, which the page's Content-Security-Policy then
// names (server/http.ts). Whatever ends up in that header must be a plain origin: a host that
// carries CSP syntax (`;` starts a new directive: `img.example;sandbox`, `,` a new policy)
// would let an imported file, or a mistyped setting, write the hub's policy. The WHATWG URL
// parser accepts `;` and `,` in a host, so its answer is checked again here: http or https,
// host characters only (letters, digits, dots, hyphens, or a bracketed IPv6 address), an
// optional port, no credentials.

const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\]$/;

/** `text` parsed as an http(s) URL whose host is a plain host name; null otherwise. */
function plainUrl(text: string): URL | null {
  // The parser drops tabs and newlines inside a URL silently: refuse them instead.
  if (/[\s"'`<>\\^{}|]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  if (!PLAIN_HOST.test(url.hostname) && !IPV6_HOST.test(url.hostname)) return null;
  if (url.port && !/^\d{1,5}$/.test(url.port)) return null;
  return url;
}

/** The origin of a picture URL (`https://cards.scryfall.io`), or null when it is not a plain http(s) URL. */
export function pictureOrigin(url: string): string | null {
  return plainUrl(url)?.origin ?? null;
}

/**
 * An origin as the CSP may name it: exactly scheme, host and port, as the URL parser spells it
 * (lower case, default port dropped); null for anything else (a path, a query, CSP syntax).
 */
export function cspOrigin(text: string): string | null {
  const url = plainUrl(text);
  if (!url) return null;
  // "https://a.example" and "https://a.example/" are origins; "https://a.example/pictures" is not.
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(text) || /^https?:\/\/[^/]+\/./i.test(text)) return null;
  return url.origin;
}

/** Only the entries of `origins` the CSP may name, each once, as the URL parser spells them. */
export function cspOrigins(origins: readonly string[]): string[] {
  const out: string[] = [];
  for (const o of origins) {
    const clean = cspOrigin(o);
    if (clean && !out.includes(clean)) out.push(clean);
  }
  return out;
}
