import { sameCompany } from '../../access/checks';

/** An upload's id names its company, so a request for another company's upload is refused unread. */
const UPLOAD_ID = /^c(\d+)-[0-9a-f]{32}$/;

export function uploadCompanyId(urlId: string): number | null {
  const match = UPLOAD_ID.exec(urlId);
  return match ? Number(match[1]) : null;
}

/**
 * Whether the upload a URL names is the company's: the one door of every resumable-upload check (the
 * routes, the tus server's id and each of its store calls). Another company's id, or one that is not
 * an upload id at all (a path, a query string), is not.
 */
export function isCompanyUpload(companyId: number | null | undefined, urlId: string): boolean {
  return sameCompany(uploadCompanyId(urlId), companyId);
}
