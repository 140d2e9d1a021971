/** The body's width on the public site (DESIGN §7): the editor and the preview show it at that width. */
export const CONTENT_WIDTH = 912;

/** The fixed footer's height (DESIGN §7). */
export const FOOTER_HEIGHT = 80;
