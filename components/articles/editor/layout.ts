/** The body's width on the public site (DESIGN §7): the editor and the preview show it at that width. */
export const CONTENT_WIDTH = 912;
