/** Business constants and limits. @see SEED §9 */

export const SESSION_COOKIE = 'cms_session';
export const USER_ID_COOKIE = 'b_id';
export const DETAIL_LEVEL_COOKIE = 'b_detail_level';

/** localStorage key holding the last chosen menu path. */
export const MENU_STORAGE_KEY = 'key';

export const HEADER_HEIGHT = 80;
export const FOOTER_HEIGHT = 80;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_FOLDED_WIDTH = 80;
export const EDITOR_CONTENT_WIDTH = 912;

/** The largest id an int4 (serial) column holds; a larger id in a body, filter or path cannot exist. */
export const INT4_MAX = 2147483647;

/** Email addresses must be shorter than this. */
export const EMAIL_MAX_EXCLUSIVE = 255;

/**
 * Request header the middleware uses to hand the fetched user detail to the default layout, so a
 * navigation costs one user-detail call. Any copy sent by the client is removed first.
 */
export const USER_DETAIL_HEADER = 'x-cms-user-detail';

/**
 * Request header the middleware sets on a path that is no route of the catalogue, so the default
 * layout answers 404 there instead of sending the visitor to sign in (the layout also holds the
 * catch-all page of plain resource screens, app/(default)/[...path]). Any copy sent by the client is removed.
 */
export const NO_ROUTE_HEADER = 'x-cms-no-route';

export const APP_TITLE = 'CMS网站管理系统';
export const SIDEBAR_TITLE = '后台管理系统';
