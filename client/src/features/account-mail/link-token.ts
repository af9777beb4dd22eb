/** E-mailed links carry their token in the fragment (#token=…), which browsers never send to a server. */
export function tokenOfLink(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
