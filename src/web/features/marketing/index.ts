/** The marketing feature's public entry (spec §2 Marketing, DECISIONS 28). */
export { MarketingPage } from './components/marketing-page';
