/**
 * Each page's own document title (部门与员工 - CMS网站管理系统) and heading, from the route catalogue.
 * Every page file exports `metadata = routeMetadata('<path>')`; a unit test holds every route to it.
 */
import type { Metadata } from 'next';
import { APP_TITLE } from './constants';
import { findRoute } from './routes';

/** The page's name (工作台, 部门与员工 …), or undefined for a path that is no route. */
export function pageName(path: string): string | undefined {
  return findRoute(path)?.name;
}

/** `部门与员工 - CMS网站管理系统`; the bare product title for the login screen and unknown paths. */
export function pageTitle(path: string): string {
  const name = pageName(path);
  return name && path !== '/login' ? `${name} - ${APP_TITLE}` : APP_TITLE;
}

/** The tab of a path that is no page (ux P3-14): it says 404 before the product's name. */
export const NOT_FOUND_TITLE = `404 页面不存在 - ${APP_TITLE}`;

export function routeMetadata(path: string): Metadata {
  return { title: pageTitle(path) };
}
