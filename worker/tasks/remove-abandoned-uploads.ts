import { deleteOldResumableRows } from '../../server/domains/uploads/resumable-repo';
import { removeOrphanedTemporaryFiles, temporaryRoot } from '../../server/temporary-folders';
import type { Handler } from '../task';

/**
 * Resumable uploads left unfinished past RESUMABLE_UPLOAD_EXPIRY_HOURS go (tus's expiration: their
 * bytes and info files, and half-written ones as old), with the SRTs that waited for them and the
 * records of finished ones; and the temporary files of processes that stopped (server/temporary-folders.ts).
 */
export const removeAbandonedUploads: Handler<'removeAbandonedUploads'> = async (
  _payload,
  { services, helpers },
) => {
  // Imported here: the tus store's package loads only when this hourly task runs, not with the worker.
  const { resumableStore } = await import('../../server/domains/uploads/resumable-store');
  const uploads = await (await resumableStore(services)).removeAbandoned();
  const rows = await deleteOldResumableRows(services.db, services.config.RESUMABLE_UPLOAD_EXPIRY_HOURS);
  const temporary = await removeOrphanedTemporaryFiles(temporaryRoot(services.config.dataDir), {
    keep: services.tmpDir,
  });
  if (uploads > 0 || rows > 0 || temporary.length > 0)
    helpers.logger.info(
      `removed ${uploads} abandoned uploads, ${rows} resumable upload records and ${temporary.length} temporary folders of stopped processes`,
    );
};
