import { Text } from '@mantine/core';
import { formatEuros } from '../../../../shared/money';
import { quotePrice } from './price-line';
import { usePrices } from './use-upload-flow';

export interface PriceLineProps {
  durationSeconds: number | null;
  reading: boolean;
}

/**
 * PRODUCT.md §2: the price as 'N minute(s) × price per minute', for the duration read from the chosen file.
 */
export function PriceLine({ durationSeconds, reading }: PriceLineProps) {
  const { prices } = usePrices();
  if (reading) {
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        Reading the video length…
      </Text>
    );
  }
  if (durationSeconds === null) {
    return (
      <Text size="sm" c="dimmed">
        Price: {formatEuros(prices.pricePerMinute)} per started minute
        {prices.minimumPrice > 0 ? `, at least ${formatEuros(prices.minimumPrice)}` : ''}
      </Text>
    );
  }
  const quote = quotePrice(durationSeconds, prices);
  return (
    <Text size="sm" aria-live="polite" data-testid="price-line">
      Price: <strong>{quote.text}</strong>
      {quote.minimumApplies ? ` (minimum price ${formatEuros(prices.minimumPrice)})` : ''}
    </Text>
  );
}
