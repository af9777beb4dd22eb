import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short-lived download links: the storage key, the file name to save as and an expiry, signed. */
export interface DownloadGrant {
  key: string;
  filename: string;
  expiresAt: number;
  /** Whose company's file it is: the link stops working when that user leaves the company. */
  holder?: LinkHolder;
}

export interface LinkHolder {
  userId: number;
  companyId: number;
}

export const DOWNLOAD_LINK_SECONDS = 15 * 60;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signDownload(secret: string, grant: DownloadGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function verifyDownload(secret: string, token: string, now = Date.now()): DownloadGrant | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadGrant;
    return grant.expiresAt > now ? grant : null;
  } catch {
    return null;
  }
}
