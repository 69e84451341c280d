/** Revision history: a poem's and a book's versions, compared word by word, and Restore. */
export { PoemHistoryScreen, PublicationHistoryScreen } from './history-screens.js';
