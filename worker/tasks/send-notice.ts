import { deliverNotice } from '../../server/domains/notices/service';
import type { Handler } from '../task';

export const sendNoticeTask: Handler<'sendNotice'> = async (notice, { services, helpers }) => {
  const sent = await deliverNotice(services, notice);
  helpers.logger.debug(`notice ${notice.kind}: ${sent} e-mails`);
};
