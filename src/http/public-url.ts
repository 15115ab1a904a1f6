/**
 * The origin absolute links (job status URLs, report links) are built on.
 * HAZRISK_PUBLIC_URL wins; without it the request's Host is used only when it
 * is a plain host[:port] — anything else (quotes, slashes, spaces, userinfo)
 * could turn a signed link into someone else's URL, so the listening address
 * is used instead.
 */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

export function publicBaseUrl(configured: string, hostHeader: string | undefined, listenHost: string, port: number): string {
  if (configured) return configured.replace(/\/+$/, '');
  if (hostHeader && hostHeader.length <= 260 && HOST_HEADER.test(hostHeader)) return `http://${hostHeader}`;
  const host = listenHost === '0.0.0.0' || listenHost === '::' ? 'localhost' : listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  return `http://${host}:${port}`;
}
