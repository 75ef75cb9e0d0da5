/** Place search (docs/decisions/0120): where distances are measured from, and where a new post's pin starts. */
export { PlaceSearch } from './components/place-search';
