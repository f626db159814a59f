/** The anchor of the stock alert block on a sold-out book's page: the phone's buy bar links to it. */
export const STOCK_ALERT_ID = 'bao-khi-co-hang';
