import { formatEuros } from '../../../../shared/money';
import { useBalance } from '../../features/billing/use-balance';
import { useMessagesCount } from '../../features/messages/use-messages-count';
import { hasUnreadMessages, useSession } from '../../lib/session';

/** What the profile menu shows about the account: the balance text and whether Messages is red. */
export function useAccountSummary() {
  const session = useSession();
  const { balance } = useBalance();
  const { messagesCount, lastSeenCount } = useMessagesCount();
  return {
    balanceText: `Balance: ${formatEuros(balance)}`,
    unreadMessages: hasUnreadMessages({ messagesCount, lastSeenCount, role: session.role }),
  };
}
