import { removeExpiredVideos, warnOfComingDeletions } from '../../server/domains/retention/service';
import type { Handler } from '../task';

export const removeExpiredVideosTask: Handler<'removeExpiredVideos'> = async (
  _payload,
  { services, helpers },
) => {
  const removed = await removeExpiredVideos(services);
  if (removed > 0) helpers.logger.info(`removed ${removed} videos past their company's retention`);
  const announced = await warnOfComingDeletions(services);
  if (announced > 0) helpers.logger.info(`told company admins of ${announced} videos retention deletes soon`);
};
