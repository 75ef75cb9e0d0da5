/** The comments feature's public entry: the card's comments button, which opens the dialog. */
export { CommentsButton, type OpenedComments } from './components/comments-button';
