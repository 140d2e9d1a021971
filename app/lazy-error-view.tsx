'use client';

import dynamic from 'next/dynamic';

/**
 * The error page, loaded when one is shown: the root error and not-found boundaries are part of
 * every screen's first load, and the error page's antd parts (Result and its pictures, the theme)
 * are not needed until then (issue 17).
 */
export const LazyErrorView = dynamic(() => import('./themed-error-view'));
