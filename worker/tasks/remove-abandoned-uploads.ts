import { deleteOldResumableRows } from '../../server/domains/videos/resumable-repo';
import type { Handler } from '../task';

/**
 * Resumable uploads left unfinished past RESUMABLE_UPLOAD_EXPIRY_HOURS go (tus's expiration: their
 * bytes and info files), with the SRTs that waited for them and the records of finished ones.
 */
export const removeAbandonedUploads: Handler<'removeAbandonedUploads'> = async (
  _payload,
  { services, helpers },
) => {
  // Imported here: the tus store's package loads only when this hourly task runs, not with the worker.
  const { resumableStore } = await import('../../server/domains/videos/resumable-store');
  const uploads = await (await resumableStore(services)).datastore.deleteExpired();
  const rows = await deleteOldResumableRows(services.db, services.config.RESUMABLE_UPLOAD_EXPIRY_HOURS);
  if (uploads > 0 || rows > 0)
    helpers.logger.info(`removed ${uploads} abandoned uploads and ${rows} resumable upload records`);
};
