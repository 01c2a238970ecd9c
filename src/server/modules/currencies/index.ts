export { currencyRoutes } from './currencies.routes';
export { type CurrencyReply, defaultCurrency } from './default-currency';
export { ensureCurrencies } from './ensure-currencies';
