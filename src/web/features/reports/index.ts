/** The reports feature's public entry: the card's flag, which opens 'Report This Post'. */
export { ReportButton } from './components/report-button';
