const CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/**
 * The one way the web app shows an amount of money: US dollars with their sign and 2 decimals
 * ("$15.00", "$0.02", "$1,250.00"; customer-area section 9). A plan's price per month may drop
 * ".00" (`wholeDollars`: "Start Now - $15", "$25.50" when it has cents).
 */
export function formatMoney(dollars: number, options: { wholeDollars?: boolean } = {}): string {
  if (options.wholeDollars && Number.isInteger(dollars)) return WHOLE_DOLLARS.format(dollars);
  return CENTS.format(dollars);
}
