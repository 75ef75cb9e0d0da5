/** The comments feature's public entry: the card's comments button, which opens the dialog. */
export { CommentsButton } from './components/comments-button';
