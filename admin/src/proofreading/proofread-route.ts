/** Where Proofread this book opens, under a publication's detail page (its own module, so the screen's code loads only when opened). */
export const PROOFREAD_ROUTE = 'proofread';
