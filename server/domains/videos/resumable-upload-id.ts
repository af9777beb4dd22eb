/** An upload's id names its company, so a request for another company's upload is refused unread. */
const UPLOAD_ID = /^c(\d+)-[0-9a-f]{32}$/;

export function uploadCompanyId(urlId: string): number | null {
  const match = UPLOAD_ID.exec(urlId);
  return match ? Number(match[1]) : null;
}
